import {
  ApiErrorSchema,
  UserInfoSchema,
  type AccountUpdate,
  type ApiError,
  type UserInfo,
} from '@market/shared';
import type { ProfileAddBody } from './sign-up.ts';
import type { ProfileAddSocialBody } from './social-profile.ts';

/** A failed call to the API from the browser, with the API's error body when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiError['code'] | undefined;
  /** The identity provider's code (`auth/email-already-exists` …); read by `authErrorCode`. */
  readonly providerCode: string | undefined;
  readonly errors: Record<string, string> | undefined;

  constructor(path: string, status: number, error: ApiError | undefined) {
    super(`API ${path} answered ${status}: ${error?.message ?? 'no error body'}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error?.code;
    this.providerCode = error?.providerCode;
    this.errors = error?.errors;
  }
}

async function call(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; idToken?: string } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idToken) headers.Authorization = `Bearer ${options.idToken}`;
  const response = await fetch(`/api/${path}`, {
    method: options.method ?? 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
  });
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiRequestError(path, response.status, ApiErrorSchema.safeParse(data).data);
  }
  return data;
}

/** Exchanges an ID token for the HttpOnly `session` cookie. */
export async function createSession(idToken: string): Promise<void> {
  await call('login', { idToken });
}

/** Clears the session cookie and revokes the refresh tokens. */
export async function endSession(): Promise<void> {
  await call('logout');
}

/** Password sign-up as a guest; the API sends the verification mail. */
export async function addProfile(body: ProfileAddBody): Promise<void> {
  await call('user/profile/add', { body });
}

/** Records (idempotently) the profile of a user signed in with Google; `created` the first time. */
export async function addSocialProfile(
  idToken: string,
  body: ProfileAddSocialBody,
): Promise<{ created: boolean }> {
  const data = await call('user/profile/addsocial', { idToken, body });
  const created =
    typeof data === 'object' && data !== null && 'created' in data && data.created === true;
  return { created };
}

export async function fetchAccount(idToken: string): Promise<UserInfo> {
  return UserInfoSchema.parse(await call('user/account', { method: 'GET', idToken }));
}

export async function updateAccount(idToken: string, update: AccountUpdate): Promise<UserInfo> {
  return UserInfoSchema.parse(await call('user/account/update', { idToken, body: update }));
}
