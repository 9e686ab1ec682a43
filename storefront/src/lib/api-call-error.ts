import type { ApiError } from '@market/shared';

/*
 * Its own module, without zod: the product pages' scripts tell a refused call (401: the session
 * ended) from others before they load the client, which they load only for a signed-in buyer.
 */

/** A refused or failed call: `status` 0 when the network failed; the API's error body when sent. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: ApiError['code'] | undefined;
  /** The API's field errors (`{ "user.email": "…" }`); empty when none. */
  readonly errors: Readonly<Record<string, string>>;
  /** The identity provider's code (`auth/email-already-exists` …). */
  readonly providerCode: string | undefined;

  constructor(message: string, status: number, error?: ApiError, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = error?.code;
    this.errors = error?.errors ?? {};
    this.providerCode = error?.providerCode;
  }
}
