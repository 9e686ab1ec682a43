/**
 * The shop's public origin (the server sets PUBLIC_ORIGIN before serving): canonical links,
 * hreflang alternates, structured data, the sitemap and robots.txt name it, never the Host
 * header a request happened to carry. Read per call, like the API origin.
 */
export function siteUrl(): URL {
  return new URL(process.env.PUBLIC_ORIGIN ?? 'http://localhost:8080');
}
