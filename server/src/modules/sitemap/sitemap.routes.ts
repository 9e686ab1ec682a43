import {
  SitemapIndexRequestSchema,
  SitemapIndexSchema,
  SitemapProductsRequestSchema,
  SitemapProductsSchema,
} from '@market/shared';
import { routes } from '../../lib/route.ts';
import type { SitemapService } from './sitemap.service.ts';

/** The storefront's sitemap data (`/api/public/sitemap…`), open to guests. */
export const publicSitemapRoutes = (sitemap: SitemapService) =>
  routes('/public/sitemap', { tag: 'catalogue', access: 'public' })
    .get(
      '/',
      {
        summary: 'The product pages of the sitemap index',
        description:
          'Products in id order, in pages of `pageSize` (at most 25,000: two locales make 50,000 URLs); each page with the newest `updatedAt` of its products.',
        query: SitemapIndexRequestSchema,
        response: { status: 200, description: 'The pages', schema: SitemapIndexSchema },
      },
      async (c) => c.json(await sitemap.index(c.req.valid('query').pageSize)),
    )
    .get(
      '/products',
      {
        summary: 'One page of products for a child sitemap',
        description: 'Id, slug and `updatedAt` of each product on that page; past the last, none.',
        query: SitemapProductsRequestSchema,
        response: { status: 200, description: 'The products', schema: SitemapProductsSchema },
      },
      async (c) => {
        const { page, pageSize } = c.req.valid('query');
        return c.json(await sitemap.products(page, pageSize));
      },
    );
