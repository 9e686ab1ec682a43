import type { APIRoute } from 'astro';
import { loadSitemapProducts } from '../lib/catalogue-page.ts';
import { siteUrl } from '../lib/site.ts';
import { productEntry, sitemapXml, staticSitemapEntries } from '../lib/seo/sitemap.ts';

export const GET: APIRoute = async () => {
  const products = await loadSitemapProducts();
  const entries = [
    ...staticSitemapEntries(),
    ...products.map(({ id, slug }) => productEntry(id, slug)),
  ];
  return new Response(sitemapXml(siteUrl().origin, entries), {
    headers: {
      'Content-Type': 'application/xml',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
