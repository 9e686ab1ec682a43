import { splitDisplayName } from './social-profile.ts';

/**
 * Google sign-in against the Firebase Auth emulator, offline. The SDK's popup flow loads Google's
 * gapi script (apis.google.com) in the page and in the emulator's relay iframe, so without
 * internet it never opens. With the emulator configured, "Continue with Google" opens this
 * shop-origin page instead: it mimics the emulator's account widget and hands fake Google claims
 * back to the opener, which signs in with them (the emulator accepts JSON claims as an ID token).
 */
export const EMULATOR_GOOGLE_PATH = '/auth/emulator-google';

/** The `postMessage` type the emulator popup answers with. */
export const EMULATOR_GOOGLE_MESSAGE = 'market:emulator-google';

/** The claims of a fake Google ID token, as the emulator's own widget builds them. */
export interface FakeGoogleClaims {
  sub: string;
  email: string;
  email_verified: true;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface EmulatorGoogleMessage {
  type: typeof EMULATOR_GOOGLE_MESSAGE;
  claims: FakeGoogleClaims;
}

/**
 * A stable 21-digit Google subject for an email (FNV-1a, twice): the same email is the same
 * Google account on every sign-in, so a second sign-in finds the first one's user.
 */
export function fakeGoogleSubject(email: string): string {
  const normalized = email.trim().toLowerCase();
  let digits = '';
  for (const seed of [0x811c9dc5, 0x01000193]) {
    let hash = seed;
    for (let i = 0; i < normalized.length; i++) {
      hash ^= normalized.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    digits += hash.toString().padStart(10, '0');
  }
  return `1${digits}`;
}

/** The fake claims for an email and an optional display name. */
export function fakeGoogleClaims(email: string, displayName = ''): FakeGoogleClaims {
  const claims: FakeGoogleClaims = {
    sub: fakeGoogleSubject(email),
    email: email.trim(),
    email_verified: true,
  };
  const { name, surname } = splitDisplayName(displayName);
  if (name) {
    claims.name = displayName.trim().replace(/\s+/g, ' ');
    claims.given_name = name;
    if (surname) claims.family_name = surname;
  }
  return claims;
}

/** Whether a message event's data is the emulator popup's answer. */
export function isEmulatorGoogleMessage(data: unknown): data is EmulatorGoogleMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, claims } = data as Partial<EmulatorGoogleMessage>;
  return (
    type === EMULATOR_GOOGLE_MESSAGE &&
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.sub === 'string' &&
    typeof claims.email === 'string'
  );
}
