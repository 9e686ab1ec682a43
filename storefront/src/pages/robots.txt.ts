import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/robots.ts';
import { siteUrl } from '../lib/site.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(siteUrl().origin), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
