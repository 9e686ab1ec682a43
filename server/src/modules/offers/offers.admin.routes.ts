import { Hono } from 'hono';
import { z } from 'zod';
import { AdminOfferUpdateSchema, OfferStatusSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { AdminOfferService } from './offers.admin.service.ts';

/** The admin's offer list filters. */
export const AdminOfferFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  sellerId: z.string().max(128).optional(),
  productId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Not a product id')
    .optional(),
  status: OfferStatusSchema.optional(),
});

/** The admin console's `offers` resource: every seller's offers, and their moderation. */
export const adminOfferRoutes = (service: AdminOfferService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await service.list(q, parseFilter(AdminOfferFilterSchema, q.filter));
      return listResponse(c, 'offers', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .put('/:id', jsonBody(AdminOfferUpdateSchema), async (c) =>
      c.json(await service.update(auditContext(c), c.req.param('id'), c.req.valid('json'))),
    );
