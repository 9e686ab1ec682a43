import { z } from 'zod';
import { ExchangeRateSchema, ExchangeRateUpdateSchema } from '@market/shared';
import { pageInMemory } from '../../lib/list-page.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { ExchangeRateService } from './exchange-rates.service.ts';

/** The exchange-rate list's filter: getMany's ids. */
export const RateFilterSchema = z.object({ id: IdFilterSchema.optional() });

const rate = rest(
  ['exchange rates (USD and GBP per 1 EUR)', 'an exchange rate'],
  ExchangeRateSchema,
);

/** The admin console's `exchange-rates` resource: list, show, and PUT a new rate. */
export const adminExchangeRateRoutes = (service: ExchangeRateService) =>
  routes('/admin/exchange-rates', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      rate.list({
        filter: RateFilterSchema,
        description: 'Both rates, sorted and paged as asked.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id } = q.filter;
        const all = await service.list(id === undefined ? undefined : [id].flat());
        const { rows, total } = pageInMemory(all, q);
        return listResponse(c, 'exchange-rates', q, rows, total);
      },
    )
    .get('/:id', rate.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .put(
      '/:id',
      rate.update({
        summary: 'Set an exchange rate (audited)',
        description: 'Offers whose price in that currency was computed from EUR are re-priced.',
        body: ExchangeRateUpdateSchema,
      }),
      async (c) =>
        c.json(await service.update(auditContext(c), c.req.param('id'), c.req.valid('json').rate)),
    );
