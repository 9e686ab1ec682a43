import { fetchUtils } from 'react-admin';

/** Anything that can hand out the signed-in user's Firebase ID token. */
export interface IdTokenSource {
  getIdToken(): Promise<string | null>;
}

export type HttpClient = typeof fetchUtils.fetchJson;

/** `fetchJson` that sends `Authorization: Bearer <ID token>` whenever someone is signed in. */
export function createHttpClient(tokens: IdTokenSource): HttpClient {
  return async (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers({ Accept: 'application/json' });
    new Headers(options.headers).forEach((value, name) => headers.set(name, value));
    const token = await tokens.getIdToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
}
