import {
  ProfileAddResultSchema,
  ProfileAddSocialResultSchema,
  UserInfoSchema,
  type AccountUpdateSchema,
  type UserInfo,
} from '@market/shared';
import type { z } from 'zod';
import { callApi, NoAnswer } from '../../lib/api-client.ts';
import type { ProfileAddBody } from './sign-up.ts';
import type { ProfileAddSocialBody } from './social-profile.ts';

/* Sign-in, sign-up and the account: the session calls carry the cookie both ways. */

/** Exchanges an ID token for the HttpOnly `session` cookie. */
export async function createSession(idToken: string): Promise<void> {
  await callApi('login', NoAnswer, { method: 'POST', idToken, credentials: 'include' });
}

/** Clears the session cookie and revokes the refresh tokens. */
export async function endSession(): Promise<void> {
  await callApi('logout', NoAnswer, { method: 'POST', credentials: 'include' });
}

/** Password sign-up as a guest; the API sends the verification mail. */
export async function addProfile(body: ProfileAddBody): Promise<void> {
  await callApi('user/profile/add', ProfileAddResultSchema, { body, credentials: 'include' });
}

/** Records (idempotently) the profile of a user signed in with Google; `created` the first time. */
export async function addSocialProfile(
  idToken: string,
  body: ProfileAddSocialBody,
): Promise<{ created: boolean }> {
  const { created } = await callApi('user/profile/addsocial', ProfileAddSocialResultSchema, {
    idToken,
    body,
    credentials: 'include',
  });
  return { created };
}

export async function fetchAccount(idToken: string): Promise<UserInfo> {
  return callApi('user/account', UserInfoSchema, { idToken, credentials: 'include' });
}

export async function updateAccount(
  idToken: string,
  update: z.input<typeof AccountUpdateSchema>,
): Promise<UserInfo> {
  return callApi('user/account/update', UserInfoSchema, {
    idToken,
    body: update,
    credentials: 'include',
  });
}
