import { z } from 'zod';
import {
  AdminOrderSchema,
  RefundRequestSchema,
  RefundSchema,
  RefundStatusSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { RefundService } from './refunds.service.ts';

/** The admin console's refund list filters. */
export const RefundFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  orderId: z.string().min(1).max(64).optional(),
  status: RefundStatusSchema.optional(),
});

const refund = rest(['refunds', 'a refund'], RefundSchema);

/** `/api/admin/refunds`: every refund, newest first. */
export const adminRefundRoutes = (service: RefundService) =>
  routes('/admin/refunds', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      refund.list({
        filter: RefundFilterSchema,
        sorts: ['createdAt'],
        description:
          'Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date). `itemId` null: the whole order.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, q.filter);
        return listResponse(c, 'refunds', q, rows, total);
      },
    )
    .get('/:id', refund.getOne(), async (c) => c.json(await service.get(c.req.param('id'))));

/** `/api/admin/orders/:id/refund`: a line of an approved order, or every line left. */
export const adminOrderRefundRoutes = (service: RefundService) =>
  routes('/admin/orders', { tag: 'admin', access: 'admin' }).post(
    '/:id/refund',
    {
      summary: 'Refund one line of an approved order, or every line not refunded yet',
      description:
        'A line gives back its price less its share of the coupon discount. Its unrevealed keys go back on sale, revealed ones are revoked; the seller is debited the line. A line is refunded once (409), only approved orders are refunded (409); 409 too when the provider refuses, 503 when it cannot be reached (repeat the call: it resumes the same refund).',
      body: RefundRequestSchema,
      response: {
        status: 200,
        description: 'The order after the refund',
        schema: AdminOrderSchema,
      },
      errors: [409, 503],
    },
    async (c) =>
      c.json(await service.refund(c.req.param('id'), c.req.valid('json'), auditContext(c))),
  );
