import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, fieldErrors } from './errors.ts';

function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new AppError('VALIDATION_FAILED', { errors: fieldErrors(result.error) });
  return result.data;
}

/** Validates the JSON body with a shared schema; bad input answers 400 with field errors. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator('json', (value) => check(schema, value));

/** Validates the query string with a shared schema. */
export const queryParams = <S extends z.ZodType>(schema: S) =>
  validator('query', (value) => check(schema, value));
