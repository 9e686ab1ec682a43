import { z } from 'zod';
import {
  KeyReasonSchema,
  KeyStatusSchema,
  MaskedKeySchema,
  RevealedKeySchema,
  SellerKeyRevokeSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { KeyService } from './keys.service.ts';

const ObjectIdFilter = z.string().regex(/^[0-9a-f]{24}$/i, 'Not an id');

/** The seller's key list filters (always scoped to the caller's shop). */
export const SellerKeyFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  offerId: ObjectIdFilter.optional(),
  status: KeyStatusSchema.optional(),
});

/** The admin's key list filters: the seller's, plus product, seller and order. */
export const AdminKeyFilterSchema = SellerKeyFilterSchema.extend({
  productId: ObjectIdFilter.optional(),
  sellerId: z.string().max(128).optional(),
  /** The keys an order holds (reserved) or bought (sold, refunded, revoked after a refund). */
  orderId: ObjectIdFilter.optional(),
});

const MASKED =
  'Only the last 4 characters of a code are shown. Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date).';

const adminKey = rest(['keys (masked)', 'a key (masked)'], MaskedKeySchema);

/** The admin console's `keys` resource: masked lists, an audited reveal, revocation. */
export const adminKeyRoutes = (service: KeyService) =>
  routes('/admin/keys', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminKey.list({ filter: AdminKeyFilterSchema, description: MASKED, sorts: ['createdAt'] }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, q.filter);
        return listResponse(c, 'keys', q, rows, total);
      },
    )
    .get('/:id', adminKey.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .post(
      '/:id/reveal',
      {
        summary: 'Reveal a key’s code (audited, with a reason)',
        description:
          'The only call that answers a code; the audit log records who, when and why. A sold key revealed here is revoked, not put back on sale, if its line is refunded.',
        body: KeyReasonSchema,
        response: { status: 200, description: 'The code', schema: RevealedKeySchema },
      },
      async (c) =>
        c.json(
          await service.reveal(auditContext(c), c.req.param('id'), c.req.valid('json').reason),
        ),
    )
    .post(
      '/:id/revoke',
      {
        summary: 'Revoke an available key (audited, with a reason)',
        description: 'The offer’s stock and the product’s prices follow; 409 for any other status.',
        body: KeyReasonSchema,
        response: { status: 200, description: 'The revoked key, masked', schema: MaskedKeySchema },
        errors: [409],
      },
      async (c) =>
        c.json(
          await service.revoke(auditContext(c), c.req.param('id'), c.req.valid('json').reason),
        ),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const sellerKey = rest(
  ['the caller’s keys (masked)', 'one of the caller’s keys (masked)'],
  MaskedKeySchema,
);

/** The seller console's `keys` resource: the caller's own keys, masked, and their revocation. */
export const sellerKeyRoutes = (service: KeyService) =>
  routes('/seller/keys', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      sellerKey.list({ filter: SellerKeyFilterSchema, description: MASKED, sorts: ['createdAt'] }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, { ...q.filter, sellerId: shopOf(c) });
        return listResponse(c, 'keys', q, rows, total);
      },
    )
    .get('/:id', sellerKey.getOne(), async (c) =>
      c.json(await service.get(c.req.param('id'), shopOf(c))),
    )
    .post(
      '/:id/revoke',
      {
        summary: 'Revoke one of the caller’s available keys',
        description:
          'Takes the key out of stock for good; the offer’s stock follows. Only an available key can be revoked (409 otherwise).',
        body: SellerKeyRevokeSchema,
        response: { status: 200, description: 'The revoked key, masked', schema: MaskedKeySchema },
        errors: [409],
      },
      async (c) =>
        c.json(
          await service.revoke(
            auditContext(c),
            c.req.param('id'),
            c.req.valid('json').reason ?? null,
            shopOf(c),
          ),
        ),
    );
