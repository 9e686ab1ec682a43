import type { APIRoute } from 'astro';
import { getSitemapIndex } from '../lib/api.ts';
import { siteUrl, sitemapPageSize } from '../lib/site.ts';
import { sitemapChildren, sitemapIndexXml } from '../lib/seo/sitemap.ts';

/** The sitemap index: the pages that always exist, then the products a child sitemap a page. */
export const GET: APIRoute = async () => {
  const { pages } = await getSitemapIndex(sitemapPageSize());
  return new Response(sitemapIndexXml(siteUrl().origin, sitemapChildren(pages)), {
    headers: {
      'Content-Type': 'application/xml',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
