import type { Context } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { AppError, fieldErrors } from './errors.ts';

/** A parsed ra-data-simple-rest list request: `?sort=["f","ASC"]&range=[0,24]&filter={...}`. */
export type ListQuery = {
  sort: { field: string; order: 1 | -1 } | null;
  skip: number;
  limit: number;
  filter: Record<string, unknown>;
};

const MAX_PAGE = 500;

const jsonParam = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

const ListQuerySchema = z.object({
  sort: jsonParam(z.tuple([z.string().regex(/^[\w.]+$/), z.enum(['ASC', 'DESC'])])),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([from, to]) => to >= from && to - from < MAX_PAGE, `at most ${MAX_PAGE} rows`),
  ),
  filter: jsonParam(z.record(z.string(), z.unknown())),
});

/** Parses the list parameters; invalid ones answer 400 with field errors. */
function parseListQuery(c: Context): ListQuery {
  const result = ListQuerySchema.safeParse(c.req.query());
  if (!result.success)
    throw new AppError('VALIDATION_FAILED', { errors: fieldErrors(result.error) });
  const { sort, range, filter } = result.data;
  const [from, to] = range ?? [0, 24];
  return {
    sort: sort ? { field: sort[0], order: sort[1] === 'ASC' ? 1 : -1 } : null,
    skip: from,
    limit: to - from + 1,
    filter: filter ?? {},
  };
}

/** Sends a list page with the `Content-Range` header react-admin reads for the total. */
export function listResponse<T>(
  c: Context,
  resource: string,
  q: ListQuery,
  rows: T[],
  total: number,
) {
  const end = rows.length ? q.skip + rows.length - 1 : q.skip;
  c.header('Content-Range', `${resource} ${q.skip}-${end}/${total}`);
  return c.json(rows);
}

/** Validates a list's `filter` with the resource's schema; bad filters answer 400. */
function parseFilter<S extends z.ZodType>(schema: S, filter: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(filter);
  if (!result.success) {
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(result.error)).map(([k, v]) => [`filter.${k}`, v]),
    );
    throw new AppError('VALIDATION_FAILED', { errors });
  }
  return result.data;
}

/** The `id` filter react-admin's getMany sends (`{"id":[…]}`): one id or a list of them. */
export const IdFilterSchema = z.union([z.string(), z.array(z.string()).max(MAX_PAGE)]);

/** The Mongo condition for an `id` filter. */
export const idCondition = (id: string | string[]) => ({ $in: Array.isArray(id) ? id : [id] });

/** A list request whose `filter` the list's schema has checked (`c.req.valid('query')`). */
export type ListRequest<F = Record<string, unknown>> = Omit<ListQuery, 'filter'> & { filter: F };

/**
 * Parses a list request and checks its `filter` with `filter`; bad ones answer 400. `sorts`: the
 * only fields the list sorts by (each has its index), a sort by another answers 400 rather than
 * silently sorting by something else; `id` stays accepted, react-admin's default, and reads as
 * the list's own order.
 */
export const listParams = <S extends z.ZodType>(filter: S, sorts?: readonly string[]) =>
  validator('query', (_value, c): ListRequest<z.output<S>> => {
    const q = parseListQuery(c);
    if (sorts && q.sort && q.sort.field !== 'id' && !sorts.includes(q.sort.field)) {
      throw new AppError('VALIDATION_FAILED', {
        errors: { sort: `This list sorts by ${sorts.join(' or ')} only` },
      });
    }
    return { ...q, filter: parseFilter(filter, q.filter) };
  });
