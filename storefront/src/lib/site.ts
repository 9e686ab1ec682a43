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

/**
 * Products per child sitemap (SITEMAP_PAGE_SIZE, default and at most 25,000: one URL per locale,
 * 50,000 URLs a sitemap). Smaller only to see the index split without 25,000 products.
 */
export function sitemapPageSize(): number {
  const size = Number(process.env.SITEMAP_PAGE_SIZE);
  return Number.isInteger(size) && size >= 1 && size <= 25_000 ? size : 25_000;
}

/** A page's `<title>`: its own title, then the shop's name. */
export function pageTitle(title: string): string {
  return `${title} | ${shopName()}`;
}

/** The shop's logo for structured data: SHOP_LOGO_URL, else our own /logo.svg. */
export function shopLogoUrl(): string {
  return process.env.SHOP_LOGO_URL || new URL('/logo.svg', siteUrl()).href;
}
