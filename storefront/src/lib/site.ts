/**
 * The shop's public origin (the server sets PUBLIC_ORIGIN before serving): canonical links,
 * hreflang alternates, structured data, the sitemap and robots.txt name it, never the Host
 * header a request happened to carry. Read per call, like the API origin.
 */
export function siteUrl(): URL {
  return new URL(process.env.PUBLIC_ORIGIN ?? 'http://localhost:8080');
}

/** The shop's name (SHOP_NAME, set by the server from its config): header, footer, titles. */
export function shopName(): string {
  return process.env.SHOP_NAME || 'KeyHaven';
}

/** A page's `<title>`: its own title, then the shop's name. */
export function pageTitle(title: string): string {
  return `${title} | ${shopName()}`;
}

/** The shop's logo for structured data: SHOP_LOGO_URL, else our own /logo.svg. */
export function shopLogoUrl(): string {
  return process.env.SHOP_LOGO_URL || new URL('/logo.svg', siteUrl()).href;
}
