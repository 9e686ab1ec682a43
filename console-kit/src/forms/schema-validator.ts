type Errors = Record<string, unknown>;

/** What the validator needs of a zod schema (zod is the shared package's dependency). */
export type ValidatorSchema = {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** Sets `message` at a path of a nested error object (arrays for indexes), as react-hook-form reads them. */
function setPath(target: Errors, path: PropertyKey[], message: string) {
  let node = target;
  path.forEach((key, i) => {
    const name = String(key);
    if (i === path.length - 1) {
      node[name] ??= message;
      return;
    }
    node[name] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[name] as Errors;
  });
}

/**
 * A react-admin form `validate` from a shared zod schema: the form checks exactly what the API
 * checks (what only the server knows, like a taken name, comes back in its `errors` body).
 */
export function schemaValidator(schema: ValidatorSchema) {
  return (values: Record<string, unknown>): Errors => {
    const result = schema.safeParse(values);
    const errors: Errors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        setPath(errors, issue.path.length ? issue.path : ['_'], issue.message);
      }
    }
    return errors;
  };
}
