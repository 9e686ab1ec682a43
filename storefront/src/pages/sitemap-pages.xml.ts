import type { APIRoute } from 'astro';
import { siteUrl } from '../lib/site.ts';
import { sitemapXml, staticSitemapEntries } from '../lib/seo/sitemap.ts';

/** The child sitemap of the pages that exist whatever the catalogue holds. */
export const GET: APIRoute = () =>
  new Response(sitemapXml(siteUrl().origin, staticSitemapEntries()), {
    headers: {
      'Content-Type': 'application/xml',
      'Cache-Control': 'public, max-age=3600',
    },
  });
