import { resolveLoginDestination, type Locale } from '@market/shared';
import { localizedPath } from '../../i18n/routes.ts';

export type SignInTarget = { kind: 'allowed'; url: string } | { kind: 'foreign'; url: string };

/**
 * Where to go after signing in, from the login page's `?destination=`: the shop's own pages
 * (checked by the shared `resolveLoginDestination`) are allowed; a missing destination means the
 * localized home; a foreign one also ends at the localized home, after a warning.
 */
export function signInTarget(search: string, ownOrigin: string, locale: Locale): SignInTarget {
  const home = localizedPath(locale, '/');
  const destination = new URLSearchParams(search).get('destination');
  if (!destination) return { kind: 'allowed', url: home };
  const resolved = resolveLoginDestination(destination, ownOrigin);
  return resolved.kind === 'allowed' ? resolved : { kind: 'foreign', url: home };
}

/** The localized login page that comes back to `destination` (a same-origin path) afterwards. */
export function loginPath(locale: Locale, destination?: string): string {
  const login = localizedPath(locale, '/login');
  if (!destination) return login;
  // Slashes stay readable (`?destination=/it/account`); everything else is encoded.
  return `${login}?destination=${encodeURIComponent(destination).replaceAll('%2F', '/')}`;
}
