export type LoginDestination = { kind: 'allowed'; url: string } | { kind: 'foreign'; url: '/' };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where to go after sign-in. A destination on the shop's own host (relative paths are) is
 * allowed, and one on localhost only while the shop itself runs on localhost (development, where
 * the consoles may be served from another port); anything else — another host, `//host`, `javascript:`, backslash or
 * encoded tricks — is foreign: the caller warns and goes home. The WHATWG URL parser resolves
 * the tricks the same way a browser would, so the check sees what the browser would visit.
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
    return { kind: 'foreign', url: '/' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { kind: 'foreign', url: '/' };
  }
  if (target.hostname === own.hostname) {
    // Same host: keep only the path, so credentials or another port cannot ride along.
    return { kind: 'allowed', url: `${target.pathname}${target.search}${target.hash}` };
  }
  if (LOCAL_HOSTS.has(own.hostname) && LOCAL_HOSTS.has(target.hostname))
    return { kind: 'allowed', url: target.href };
  return { kind: 'foreign', url: '/' };
}
