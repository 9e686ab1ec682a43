import { Hono } from 'hono';
import { z } from 'zod';
import { ExchangeRateUpdateSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { ExchangeRateService } from './exchange-rates.service.ts';

/** The exchange-rate list's filter: getMany's ids. */
export const RateFilterSchema = z.object({ id: IdFilterSchema.optional() });

/** The admin console's `exchange-rates` resource: list, show, and PUT a new rate. */
export const adminExchangeRateRoutes = (service: ExchangeRateService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id } = parseFilter(RateFilterSchema, q.filter);
      // Two rows: the whole list is one page, whatever the range asked for.
      const rows = await service.list(id === undefined ? undefined : [id].flat());
      return listResponse(c, 'exchange-rates', { ...q, skip: 0 }, rows, rows.length);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .put('/:id', jsonBody(ExchangeRateUpdateSchema), async (c) =>
      c.json(await service.update(auditContext(c), c.req.param('id'), c.req.valid('json').rate)),
    );
