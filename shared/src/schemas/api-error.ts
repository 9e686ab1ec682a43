import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PAYMENT_UNAVAILABLE',
  'SUPPLIER_UNAVAILABLE',
  'REGION_NOT_CONFIRMED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Default message per code; 500 uses the spec's catalogue text. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  UNAUTHENTICATED: 'You need to sign in',
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This already exists',
  TOO_MANY_REQUESTS: 'Too many requests: please wait a moment',
  PAYMENT_UNAVAILABLE: 'The payment service is not available: please try again in a moment',
  SUPPLIER_UNAVAILABLE: 'The supplier is not answering: please try again in a moment',
  REGION_NOT_CONFIRMED:
    'This key does not activate in your country: confirm that you want it anyway',
  INTERNAL: 'Something went wrong',
};

/** The one error shape every API error has. `errors` maps field paths to messages (react-admin's format). */
export const ApiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The identity provider's own code (`auth/email-already-exists`, `auth/unverified-email` …). */
  providerCode: z.string().optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
