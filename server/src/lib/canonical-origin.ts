/**
 * One canonical origin for pages. A page asked for under another host name (an IP address, a
 * `www.` alias, `127.0.0.1` instead of `localhost`) is sent to the same path on the public
 * origin: cookies are per host, so a buyer who browsed one name and came back from a payment
 * provider to the other would find themselves signed out mid-payment. The API answers where it
 * is called (clients name their origin on purpose; webhooks and the storefront's own loopback
 * calls use other hosts), and so does `/metrics` (Prometheus scrapes each instance by its own
 * address); only GET and HEAD move: a redirected form post would lose its body.
 */
export function canonicalRedirect(
  request: { method: string; url: string; host: string | undefined },
  publicOrigin: string,
): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (/^\/api(\/|$|\?)/.test(request.url)) return null;
  // Prometheus scrapes each instance at its own address: a redirect would send it elsewhere.
  if (/^\/metrics($|\?)/.test(request.url)) return null;
  const canonical = new URL(publicOrigin);
  if (!request.host || request.host.toLowerCase() === canonical.host) return null;
  // `url` is the request target (path and query): resolve it on the canonical origin, never
  // letting a `//host` target pick another origin.
  const target = new URL(request.url.replace(/^\/+/, '/'), canonical);
  return target.origin === canonical.origin ? target.href : null;
}
