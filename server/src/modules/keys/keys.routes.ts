import { Hono } from 'hono';
import { z } from 'zod';
import { KeyReasonSchema, KeyStatusSchema, SellerKeyRevokeSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
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

/** The admin console's `keys` resource: masked lists, an audited reveal, revocation. */
export const adminKeyRoutes = (service: KeyService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await service.list(q, parseFilter(AdminKeyFilterSchema, q.filter));
      return listResponse(c, 'keys', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .post('/:id/reveal', jsonBody(KeyReasonSchema), async (c) =>
      c.json(await service.reveal(auditContext(c), c.req.param('id'), c.req.valid('json').reason)),
    )
    .post('/:id/revoke', jsonBody(KeyReasonSchema), async (c) =>
      c.json(await service.revoke(auditContext(c), c.req.param('id'), c.req.valid('json').reason)),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** The seller console's `keys` resource: the caller's own keys, masked, and their revocation. */
export const sellerKeyRoutes = (service: KeyService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(SellerKeyFilterSchema, q.filter);
      const { rows, total } = await service.list(q, { ...filter, sellerId: shopOf(c) });
      return listResponse(c, 'keys', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'), shopOf(c))))
    .post('/:id/revoke', jsonBody(SellerKeyRevokeSchema), async (c) =>
      c.json(
        await service.revoke(
          auditContext(c),
          c.req.param('id'),
          c.req.valid('json').reason ?? null,
          shopOf(c),
        ),
      ),
    );
