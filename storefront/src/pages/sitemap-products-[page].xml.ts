import type { APIRoute } from 'astro';
import { getSitemapProducts } from '../lib/api.ts';
import { siteUrl, sitemapPageSize } from '../lib/site.ts';
import { productEntry, sitemapXml } from '../lib/seo/sitemap.ts';

/** One page of products of the sitemap index (its `lastmod` each); past the last page, 404. */
export const GET: APIRoute = async ({ params }) => {
  const page = Number(params.page);
  if (!/^[1-9]\d{0,5}$/.test(params.page ?? '')) return new Response(null, { status: 404 });
  const { items } = await getSitemapProducts(page, sitemapPageSize());
  if (items.length === 0) return new Response(null, { status: 404 });
  const entries = items.map(({ id, slug, lastmod }) => productEntry(id, slug, lastmod));
  return new Response(sitemapXml(siteUrl().origin, entries), {
    headers: {
      'Content-Type': 'application/xml',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
