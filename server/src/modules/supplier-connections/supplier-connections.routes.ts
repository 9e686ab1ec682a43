import { z } from 'zod';
import {
  SellerSupplierConnectionSchema,
  SupplierConnectionCreateSchema,
  SupplierConnectionUpdateSchema,
  SupplierIdSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { bySeller } from '../../middleware/rate-limit.ts';
import type { SupplierConnectionService } from './supplier-connections.service.ts';

/** The seller's connection list filters (always scoped to the caller's shop). */
export const SupplierConnectionFilterSchema = z.object({
  // getMany, e.g. an offer showing the connection it buys through.
  id: IdFilterSchema.optional(),
  supplier: SupplierIdSchema.optional(),
});

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const connection = rest(
  ['the caller’s supplier connections', 'one of the caller’s supplier connections'],
  SellerSupplierConnectionSchema,
);

const REFUSED =
  '409 while the supplier is switched off for the marketplace or not available on this server.';

/**
 * The seller console's `supplier-connections` resource (ra-data-simple-rest): the seller's own
 * accounts at the suppliers. Credentials go in and never come back out.
 */
export const sellerSupplierConnectionRoutes = (service: SupplierConnectionService) =>
  routes('/seller/supplier-connections', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      connection.list({
        filter: SupplierConnectionFilterSchema,
        description:
          'Newest first unless `sort` names `createdAt`, `updatedAt`, `supplier`, `label`, `status` or `lastSyncAt`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q, q.filter);
        return listResponse(c, 'supplier-connections', q, rows, total);
      },
    )
    .get('/:id', connection.getOne(), async (c) =>
      c.json(await service.get(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/',
      connection.create({
        summary: 'Connect the caller’s account at a supplier',
        description: `The credentials' fields depend on \`supplier\`; they are stored encrypted and never returned. The connection is untested until tested. One per supplier (409); ${REFUSED}`,
        body: SupplierConnectionCreateSchema,
        errors: [409],
        recentSignIn: true,
      }),
      async (c) => c.json(await service.create(shopOf(c), c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      connection.update({
        description:
          'A new label and, when `credentials` is given, new credentials replacing the old (the connection is untested again). `supplier` must be the connection’s own; other fields of the record (react-admin sends it whole) are ignored.',
        body: SupplierConnectionUpdateSchema,
        recentSignIn: true,
      }),
      async (c) => c.json(await service.update(shopOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/:id', connection.remove(), async (c) =>
      c.json(await service.remove(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/:id/test',
      {
        summary: 'Test one of the caller’s supplier connections',
        description: `Asks the supplier for the account's balance and records the outcome: \`status\` \`ok\` with \`lastCheck.balance\`, or \`failing\` with \`lastCheck.error\` (a refusal is recorded, not an error of the call). ${REFUSED}`,
        response: {
          status: 200,
          description: 'The connection with the test recorded',
          schema: SellerSupplierConnectionSchema,
        },
        errors: [409],
        limit: { name: 'supplierTest', per: [bySeller] },
      },
      async (c) => c.json(await service.test(shopOf(c), c.req.param('id'))),
    );
