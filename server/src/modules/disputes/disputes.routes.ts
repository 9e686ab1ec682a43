import { z } from 'zod';
import { AdminDisputeSchema, DisputeStatusSchema, type AdminDispute } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { DisputeDoc } from './disputes.repository.ts';
import type { DisputeService } from './disputes.service.ts';

const DisputeFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: DisputeStatusSchema.optional(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toAdminDispute = (doc: DisputeDoc): AdminDispute => ({
  id: doc._id,
  provider: doc.provider,
  disputeId: doc.disputeId,
  orderId: doc.orderId?.toHexString() ?? null,
  orderNumber: doc.orderNumber,
  reason: doc.reason,
  amountCents: doc.amountCents,
  currency: doc.currency,
  dueAt: iso(doc.dueAt),
  status: doc.status,
  providerStatus: doc.providerStatus,
  outcome: doc.outcome,
  evidence: doc.evidence,
  evidenceSentAt: iso(doc.evidenceSentAt),
  attempts: doc.attempts,
  lastError: doc.lastError,
  ledgerRestoredAt: iso(doc.ledgerRestoredAt),
  events: doc.events,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

const dispute = rest(['payment disputes', 'a payment dispute'], AdminDisputeSchema);

/** The admin console's `disputes` resource (ra-data-simple-rest): read only, newest first. */
export const adminDisputeRoutes = (service: DisputeService) =>
  routes('/admin/disputes', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      dispute.list({
        filter: DisputeFilterSchema,
        sorts: ['createdAt'],
        description:
          'Disputes PayPal and Checkout.com opened, newest first: status, provider, order, amount, the provider’s due date, the evidence the shop sent and the provider’s answer.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, status } = q.filter;
        const { rows, total } = await service.page(q, {
          ...(id !== undefined && { id: [id].flat() }),
          ...(status && { status }),
        });
        return listResponse(c, 'disputes', q, rows.map(toAdminDispute), total);
      },
    )
    .get('/:id', dispute.getOne(), async (c) => {
      const doc = await service.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdminDispute(doc));
    });
