import type { SupplierCredentials } from '@market/shared';
import type { SupplierAnswer, SupplierHttp, SupplierRequest } from '../supplier-http.ts';
import { fail, parse } from './answers.ts';
import { SignInSchema } from './wire.ts';

/*
 * PrepaidForge's API token: `signInWithApi` with the account's email and password gives a token
 * valid until `tokenValidUntil` (epoch ms), sent as `X-PrepaidForge-Api-Token`. We sign in again
 * shortly before it runs out, and once more when a call is answered 401 (the token was revoked,
 * or PrepaidForge restarted); a second 401 means the account itself is refused.
 */

const TOKEN_HEADER = 'X-PrepaidForge-Api-Token';

/** Renew this long before the token runs out, or a quarter of its life when it is short. */
const RENEW_MARGIN_MS = 60_000;

export type PrepaidforgeSession = {
  /** A call with a valid token. */
  call(method: 'GET' | 'POST', path: string, request?: SupplierRequest): Promise<SupplierAnswer>;
};

export function createSession(
  http: SupplierHttp,
  credentials: SupplierCredentials['prepaidforge'],
): PrepaidforgeSession {
  let token: { value: string; renewAt: number } | null = null;
  // Calls that find the token stale at the same time share one sign-in.
  let signingIn: Promise<string> | null = null;

  async function signIn(): Promise<string> {
    const answer = await http.call('POST', '/1.0/signInWithApi', {
      body: { email: credentials.email, password: credentials.password },
    });
    const signedIn = parse(SignInSchema, answer, 'sign-in');
    const life = signedIn.tokenValidUntil - Date.now();
    token = {
      value: signedIn.apiToken,
      renewAt: signedIn.tokenValidUntil - Math.min(RENEW_MARGIN_MS, life / 4),
    };
    return signedIn.apiToken;
  }

  function validToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    signingIn ??= signIn().finally(() => (signingIn = null));
    return signingIn;
  }

  const send = (method: 'GET' | 'POST', path: string, request: SupplierRequest, t: string) =>
    http.call(method, path, { ...request, headers: { ...request.headers, [TOKEN_HEADER]: t } });

  return {
    async call(method, path, request = {}) {
      const used = await validToken();
      const first = await send(method, path, request, used);
      if (first.status !== 401) return first;
      if (token?.value === used) token = null;
      const second = await send(method, path, request, await validToken());
      if (second.status !== 401) return second;
      throw fail('UNAUTHORIZED', 'PrepaidForge refused a fresh API token', '401');
    },
  };
}
