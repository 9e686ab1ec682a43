import { ApiErrorSchema, type ApiError } from '@market/shared';
import { z } from 'zod';
import { ApiCallError } from './api-call-error.ts';

export { ApiCallError };

/*
 * The storefront's one way to the API, from the browser and from the server (SSR). Every answer
 * is parsed with the shared schema the API answers with, so a change of shape fails here, loudly,
 * instead of deep in a page. Browser calls go to our own origin with the HttpOnly session cookie
 * (our pages' POSTs carry our Origin, which the API requires of cookie writes) or, where a page
 * has one, the Firebase ID token.
 */

/** For calls whose answer nobody reads (`204 No Content`, an acknowledgement). */
export const NoAnswer = z.unknown();

export interface CallOptions {
  /** GET without a body, POST with one, unless said. */
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer …` (a page that has a signed-in Firebase user). */
  idToken?: string;
  /** Where the API is: our own origin in the browser (''), `API_ORIGIN` when rendering. */
  origin?: string;
  /** Cookies: ours by default; `omit` for public calls a refused session must not fail. */
  credentials?: RequestCredentials;
  /** Gives up after this long (server-side rendering must not hang on the API). */
  timeoutMs?: number;
  /** The error's message instead of "API <path> answered <status>" (the spec's cart texts). */
  failure?: string;
}

/** One call under `/api/`: the parsed answer and its headers, or an `ApiCallError`. */
export async function callApiWithHeaders<S extends z.ZodType>(
  path: string,
  answer: S,
  options: CallOptions = {},
): Promise<{ data: z.output<S>; headers: Headers }> {
  const { body, idToken } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const failed = (status: number, error?: ApiError, cause?: unknown) =>
    new ApiCallError(
      options.failure ?? `API ${path} answered ${status}: ${error?.message ?? 'no error body'}`,
      status,
      error,
      { cause },
    );
  const response = await fetch(`${options.origin ?? ''}/api/${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: options.credentials ?? 'same-origin',
    signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  }).catch((cause: unknown) => {
    throw failed(0, undefined, cause);
  });
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw failed(response.status, ApiErrorSchema.safeParse(data).data);
  const parsed = answer.safeParse(data);
  if (!parsed.success) {
    const message = options.failure ?? `API ${path} answered an unexpected body`;
    throw new ApiCallError(message, response.status, undefined, { cause: parsed.error });
  }
  return { data: parsed.data, headers: response.headers };
}

/** One call under `/api/`: the answer parsed with `answer`, or an `ApiCallError`. */
export async function callApi<S extends z.ZodType>(
  path: string,
  answer: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  return (await callApiWithHeaders(path, answer, options)).data;
}
