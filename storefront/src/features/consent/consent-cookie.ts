/**
 * The visitor's consent, in a first-party cookie the browser reads (the served HTML is the same
 * for everyone, so the server never looks at it): `consent=v1:a1m0` — version, then analytics
 * and marketing as 1/0. Necessary cookies need no consent, so they are not recorded.
 * A cookie of another version, or malformed, counts as no choice: the banner asks again.
 */
export type Consent = { analytics: boolean; marketing: boolean };

export const CONSENT_COOKIE = 'consent';
const VERSION = 'v1';
/** Six months: long enough not to nag, short enough that the choice is renewed. */
export const CONSENT_MAX_AGE = 15_552_000;

export const ACCEPT_ALL: Consent = { analytics: true, marketing: true };
export const REJECT_ALL: Consent = { analytics: false, marketing: false };

/** The consent recorded in a `document.cookie` string; null when none (or not this version). */
export function parseConsent(cookieHeader: string): Consent | null {
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    const match = /^v1:a([01])m([01])$/.exec(decodeURIComponent(value ?? ''));
    return match ? { analytics: match[1] === '1', marketing: match[2] === '1' } : null;
  }
  return null;
}

/** The cookie's value for a consent, e.g. `v1:a0m1`. */
export function consentValue(consent: Consent): string {
  return `${VERSION}:a${consent.analytics ? 1 : 0}m${consent.marketing ? 1 : 0}`;
}

/** The `document.cookie` assignment that records a consent for the whole site. */
export function serializeConsent(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentValue(consent)}; path=/; max-age=${CONSENT_MAX_AGE}; samesite=lax${secure ? '; secure' : ''}`;
}
