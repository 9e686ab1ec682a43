import type { APIRoute } from 'astro';
import { loadSitemapProducts } from '../lib/catalogue-page.ts';
import { productEntry, sitemapXml, staticSitemapEntries } from '../lib/seo/sitemap.ts';

export const GET: APIRoute = async ({ url }) => {
  const products = await loadSitemapProducts();
  const entries = [
    ...staticSitemapEntries(),
    ...products.map(({ id, slug }) => productEntry(id, slug)),
  ];
  return new Response(sitemapXml(url.origin, entries), {
    headers: {
      'Content-Type': 'application/xml',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
