import { SuggestRequestSchema, SuggestResultSchema } from '@market/shared';
import { routes } from '../../lib/route.ts';
import type { SearchService } from './search.service.ts';

/**
 * Seconds a suggestion may be reused by the browser and shared caches: typing the same letters
 * again is common, and a product renamed a minute ago can wait that long in a dropdown.
 */
const SUGGEST_MAX_AGE = 60;

/** `GET /api/public/products/suggest`: the header's suggestions as the buyer types. */
export const publicSuggestRoutes = (search: SearchService) =>
  routes('/public/products', { tag: 'catalogue', access: 'public' }).get(
    '/suggest',
    {
      summary: 'Products and categories for the words typed so far',
      description:
        'Up to eight products (best match first; typos, word order and prefixes forgiven) and the categories whose name starts with a typed word. Cacheable for a minute.',
      query: SuggestRequestSchema,
      response: { status: 200, description: 'The suggestions', schema: SuggestResultSchema },
    },
    async (c) => {
      c.header('Cache-Control', `public, max-age=${SUGGEST_MAX_AGE}`);
      return c.json(await search.suggest(c.req.valid('query')));
    },
  );
