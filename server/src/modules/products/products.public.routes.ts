import { Hono } from 'hono';
import {
  CatalogueSearchRequestSchema,
  InfoMultipleSalesRequestSchema,
  ProductIdListRequestSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { CatalogueService } from './products.service.ts';

/** The public product calls (`/api/public/products/…`), open to guests. */
export const publicProductRoutes = (catalogue: CatalogueService) =>
  new Hono<AppEnv>()
    .post('/info-multiple', jsonBody(ProductIdListRequestSchema), async (c) => {
      const { productIdList, locale } = c.req.valid('json');
      return c.json(await catalogue.infoMultiple(productIdList, locale));
    })
    .post('/info-multiple-sales', jsonBody(InfoMultipleSalesRequestSchema), async (c) => {
      const { productIdList, locale, currency } = c.req.valid('json');
      return c.json(await catalogue.infoMultipleSales(productIdList, locale, currency));
    })
    .post('/search', jsonBody(CatalogueSearchRequestSchema), async (c) =>
      c.json(await catalogue.search(c.req.valid('json'))),
    );
