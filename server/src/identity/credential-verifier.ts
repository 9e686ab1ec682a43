import type { Auth, DecodedIdToken } from 'firebase-admin/auth';

/** Checks an ID token or a session cookie without asking the identity provider anything. */
export type CredentialVerifier = {
  idToken(jwt: string): Promise<DecodedIdToken>;
  sessionCookie(jwt: string): Promise<DecodedIdToken>;
};

type JwtVerifier = { verifyJWT(jwt: string, isEmulator: boolean): Promise<DecodedIdToken> };
/** What firebase-admin (14.x) keeps on its Auth instance and does not type publicly. */
type AuthInternals = {
  emulatorMode?: boolean;
  idTokenVerifier?: JwtVerifier;
  sessionCookieVerifier?: JwtVerifier;
};

/**
 * Against Firebase, `verifyIdToken` / `verifySessionCookie` without `checkRevoked` are local:
 * signature (public keys fetched once and cached as Google's Cache-Control says), issuer,
 * audience, expiry. Against the Auth emulator firebase-admin always adds the revocation check,
 * a call to the emulator per request; its own token verifier is used instead, which accepts
 * the emulator's unsigned tokens exactly as the public methods do and checks the same claims.
 * Revocation is the auth middleware's, from the user's document (`session-revocation.ts`).
 */
export function localCredentialVerifier(auth: Auth): CredentialVerifier {
  const internals = auth as unknown as AuthInternals;
  const { idTokenVerifier, sessionCookieVerifier } = internals;
  if (internals.emulatorMode && idTokenVerifier && sessionCookieVerifier) {
    return {
      idToken: (jwt) => idTokenVerifier.verifyJWT(jwt, true),
      sessionCookie: (jwt) => sessionCookieVerifier.verifyJWT(jwt, true),
    };
  }
  return {
    idToken: (jwt) => auth.verifyIdToken(jwt),
    sessionCookie: (jwt) => auth.verifySessionCookie(jwt),
  };
}
