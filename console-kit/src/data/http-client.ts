import { fetchUtils } from 'react-admin';
import { needsRecentSignIn, type RecentSignInPrompt } from '../auth/recent-sign-in.ts';

/** Anything that can hand out the signed-in user's Firebase ID token. */
export interface IdTokenSource {
  getIdToken(): Promise<string | null>;
}

export type HttpClient = typeof fetchUtils.fetchJson;

/**
 * `fetchJson` that sends `Authorization: Bearer <ID token>` whenever someone is signed in. A
 * sensitive action refused for want of a recent sign-in (401 `auth/requires-recent-login`) waits
 * for `recentSignIn` (the person types their password again) and is sent once more with the
 * new token, so what they were doing finishes; declined, it fails with the API's refusal.
 */
export function createHttpClient(
  tokens: IdTokenSource,
  recentSignIn?: Pick<RecentSignInPrompt, 'request'>,
): HttpClient {
  const send = async (url: string, options: fetchUtils.Options) => {
    const headers = new Headers({ Accept: 'application/json' });
    new Headers(options.headers).forEach((value, name) => headers.set(name, value));
    const token = await tokens.getIdToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return async (url: string, options: fetchUtils.Options = {}) => {
    try {
      return await send(url, options);
    } catch (error) {
      if (!recentSignIn || !needsRecentSignIn(error)) throw error;
      await recentSignIn.request().catch(() => {
        throw error;
      });
      return send(url, options);
    }
  };
}
