import { z } from 'zod';
import { PriceHistoryQuerySchema, PriceHistorySchema } from '@market/shared';
import { routes } from '../../lib/route.ts';
import type { PriceHistoryService } from './price-history.service.ts';

/** `GET /api/public/products/:id/price-history`, open to guests (the product page's chart). */
export const publicPriceHistoryRoutes = (history: PriceHistoryService) =>
  routes('/public/products', { tag: 'catalogue', access: 'public' }).get(
    '/:id/price-history',
    {
      summary: "A product's price history",
      description:
        'The lowest live price of each day (UTC) in `currency`, oldest first, for the last `days` days (1 to 365; days before its first recorded price are left out), and `lowest30Cents`: the lowest price of the 30 days before its current price applied, the prior price a reduction is announced against (directive 98/6/EC art. 6a). 404 for an unknown product.',
      params: z.object({ id: z.string() }),
      query: PriceHistoryQuerySchema,
      response: { status: 200, description: 'The history', schema: PriceHistorySchema },
      errors: [404],
    },
    async (c) => {
      const { currency, days } = c.req.valid('query');
      return c.json(await history.history(c.req.param('id'), currency, days));
    },
  );
