import { Hono } from 'hono';
import { z } from 'zod';
import { RefundRequestSchema, RefundStatusSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { RefundService } from './refunds.service.ts';

/** The admin console's refund list filters. */
export const RefundFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  orderId: z.string().min(1).max(64).optional(),
  status: RefundStatusSchema.optional(),
});

/** `/api/admin/refunds`: every refund, newest first. */
export const adminRefundRoutes = (service: RefundService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await service.list(q, parseFilter(RefundFilterSchema, q.filter));
      return listResponse(c, 'refunds', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))));

/** `/api/admin/orders/:id/refund`: a line of an approved order, or every line left. */
export const adminOrderRefundRoutes = (service: RefundService) =>
  new Hono<AppEnv>().post('/:id/refund', jsonBody(RefundRequestSchema), async (c) =>
    c.json(await service.refund(c.req.param('id'), c.req.valid('json'), auditContext(c))),
  );
