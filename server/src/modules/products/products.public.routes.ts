import { z } from 'zod';
import {
  CatalogueSearchRequestSchema,
  CatalogueSearchResultSchema,
  InfoMultipleSalesRequestSchema,
  ProductIdListRequestSchema,
  ProductSalesSchema,
  StoreProductSchema,
} from '@market/shared';
import type { Context } from 'hono';
import { routes } from '../../lib/route.ts';
import { jsonTextOf } from '../../page-cache/read-memo.ts';
import type { CatalogueService } from './products.service.ts';

/** A catalogue answer as JSON: the text the read memo kept with it when it is a kept one. */
const answer = (c: Context, value: unknown) =>
  c.body(jsonTextOf(value), 200, { 'Content-Type': 'application/json' });

/** The public product calls (`/api/public/products/…`), open to guests. */
export const publicProductRoutes = (catalogue: CatalogueService) =>
  routes('/public/products', { tag: 'catalogue', access: 'public' })
    .post(
      '/info-multiple',
      {
        summary: 'Products by id, in the order asked',
        description:
          'Unknown ids are skipped. The first item also carries its brand (`subcategory`).',
        body: ProductIdListRequestSchema,
        response: { status: 200, description: 'The products', schema: z.array(StoreProductSchema) },
      },
      async (c) => {
        const { productIdList, locale } = c.req.valid('json');
        return answer(c, await catalogue.infoMultiple(productIdList, locale));
      },
    )
    .post(
      '/info-multiple-sales',
      {
        summary: 'Products by id with their live offers, in ranking order',
        description:
          'Offers are ranked by the published formula (price in `currency`, seller rating, defect rate; ties by price; `/ranking` explains it). Prices are integer cents. A product nobody sells has no sales and ranges of 0.',
        body: InfoMultipleSalesRequestSchema,
        response: {
          status: 200,
          description: 'The products and their sales',
          schema: z.array(ProductSalesSchema),
        },
      },
      async (c) => {
        const { productIdList, locale, currency } = c.req.valid('json');
        return answer(c, await catalogue.infoMultipleSales(productIdList, locale, currency));
      },
    )
    .post(
      '/search',
      {
        summary: 'Search and filter the catalogue',
        description:
          'Prices (`priceMin`, `priceMax`) are integer cents of `currency`; pages are 1-based.',
        body: CatalogueSearchRequestSchema,
        response: {
          status: 200,
          description: 'One page of products',
          schema: CatalogueSearchResultSchema,
        },
      },
      async (c) => answer(c, await catalogue.search(c.req.valid('json'))),
    );
