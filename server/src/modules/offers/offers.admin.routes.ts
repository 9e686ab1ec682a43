import { z } from 'zod';
import { AdminOfferSchema, AdminOfferUpdateSchema, OfferStatusSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
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

const offer = rest(['every seller’s offers', 'an offer'], AdminOfferSchema);

/** The admin console's `offers` resource: every seller's offers, and their moderation. */
export const adminOfferRoutes = (service: AdminOfferService) =>
  routes('/admin/offers', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      offer.list({
        filter: AdminOfferFilterSchema,
        sorts: ['createdAt'],
        description:
          'With the seller’s name and the key counts per status. Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date).',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, q.filter);
        return listResponse(c, 'offers', q, rows, total);
      },
    )
    .get('/:id', offer.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .put(
      '/:id',
      offer.update({
        summary: 'Re-price or hide an offer (audited)',
        description:
          '`hidden` takes the offer off the storefront until an admin sets it back; other fields of the record are ignored.',
        body: AdminOfferUpdateSchema,
      }),
      async (c) =>
        c.json(await service.update(auditContext(c), c.req.param('id'), c.req.valid('json'))),
    );
