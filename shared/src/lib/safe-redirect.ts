export type LoginDestination = { kind: 'allowed'; url: string } | { kind: 'foreign'; url: '/' };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const FOREIGN: LoginDestination = { kind: 'foreign', url: '/' };

/**
 * A path that begins with two slashes, or a slash and a backslash (which browsers read alike),
 * is a network path: `location.assign('//evil.example/login')` goes to evil.example.
 */
const NETWORK_PATH = /^[/\\]{2}/;

/**
 * Where to go after sign-in. A destination on the shop's own host (relative paths are) is
 * allowed, and one on localhost only while the shop itself runs on localhost (development, where
 * the consoles may be served from another port); anything else — another host, `//host`, `javascript:`, backslash or
 * encoded tricks — is foreign: the caller warns and goes home. The WHATWG URL parser resolves
 * the tricks the same way a browser would, so the check sees what the browser would visit.
 * The tricks this is held to are in `safe-redirect.tricks.ts`.
 */
export function resolveLoginDestination(
  destination: string | null | undefined,
  ownOrigin: string,
): LoginDestination {
  if (!destination) return { kind: 'allowed', url: '/' };
  const own = new URL(ownOrigin);
  let target: URL;
  try {
    target = new URL(destination, own);
  } catch {
    return FOREIGN;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return FOREIGN;
  if (target.hostname === own.hostname) {
    // Same host: keep only the path, so credentials or another port cannot ride along.
    const path = `${target.pathname}${target.search}${target.hash}`;
    return staysOnOrigin(path, own) ? { kind: 'allowed', url: path } : FOREIGN;
  }
  if (LOCAL_HOSTS.has(own.hostname) && LOCAL_HOSTS.has(target.hostname))
    return { kind: 'allowed', url: target.href };
  return FOREIGN;
}

/**
 * Whether `path`, handed to `location.assign`, is a page of the shop. The parser has already
 * resolved dot segments, and that is what makes a network path out of a harmless-looking one:
 * `/.//evil.example/login` and `/./\evil.example` both have the pathname `//evil.example/…`.
 */
function staysOnOrigin(path: string, own: URL): boolean {
  if (NETWORK_PATH.test(path)) return false;
  // Whatever trick comes next: the page the browser would open must be on the shop's origin.
  return new URL(path, own).origin === own.origin;
}
