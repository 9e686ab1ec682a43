import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MongoServerError } from 'mongodb';
import { z } from 'zod';
import { ERROR_MESSAGES, type ApiError, type ErrorCode } from '@market/shared';
import type { Logger } from '../logger.ts';

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  // The payment provider could not be reached: the caller (or the provider's webhook) retries.
  PAYMENT_UNAVAILABLE: 503,
  // A key supplier could not be reached (down, timing out, breaker open): try again later.
  SUPPLIER_UNAVAILABLE: 503,
  // A cart line whose key does not activate in the buyer's country, not confirmed (docs/regions.md).
  REGION_NOT_CONFIRMED: 409,
  INTERNAL: 500,
};

type AppErrorDetails = {
  message?: string;
  /** Field path → message, as react-admin forms read them. */
  errors?: Record<string, string>;
  /** The identity provider's code, for the sign-in screens (`auth/email-already-exists` …). */
  providerCode?: string;
};

/** The error services throw; the handler turns it into the one error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  readonly providerCode: string | undefined;
  constructor(code: ErrorCode, details: AppErrorDetails = {}) {
    super(details.message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.errors = details.errors;
    this.providerCode = details.providerCode;
  }
}

/** zod issues as react-admin's `{ "field.path": "message" }` map. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError)
    return new AppError('VALIDATION_FAILED', { errors: fieldErrors(err) });
  if (err instanceof MongoServerError && err.code === 11000) {
    const fields = Object.keys((err.keyValue as object | undefined) ?? {});
    const errors = Object.fromEntries(fields.map((f) => [f, 'Already in use']));
    return new AppError('CONFLICT', fields.length ? { errors } : {});
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed bodies (e.g. invalid JSON) and body limits.
    if (err.status === 401) return new AppError('UNAUTHENTICATED');
    if (err.status === 403) return new AppError('FORBIDDEN');
    if (err.status === 404) return new AppError('NOT_FOUND');
    if (err.status >= 400 && err.status < 500) {
      return new AppError('VALIDATION_FAILED', { message: err.message });
    }
  }
  return null;
}

/**
 * The variables the handler reads, any app env that has them (AppEnv does); not AppEnv itself,
 * whose `authFailure` is an AppError, so that this file and app-env.ts do not import each other.
 */
type ErrorEnv = { Variables: { requestId: string; log: Logger } };

/** The only place that writes error responses. Unknown errors are logged and answer 500. */
export function handleError<E extends ErrorEnv>(err: unknown, c: Context<E>): Response {
  const appError = toAppError(err);
  const requestId = c.get('requestId');
  if (!appError) {
    c.get('log').error({ err }, 'unhandled error');
  }
  const error = appError ?? new AppError('INTERNAL');
  const body: ApiError = { code: error.code, message: error.message, requestId };
  if (error.errors) body.errors = error.errors;
  if (error.providerCode) body.providerCode = error.providerCode;
  return c.json(body, STATUS[error.code]);
}

/** 404 for unknown API routes, in the same shape. */
export function handleNotFound<E extends ErrorEnv>(c: Context<E>): Response {
  return handleError(new AppError('NOT_FOUND'), c);
}
