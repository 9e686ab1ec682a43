import { z } from 'zod';
import {
  AccountClaimRequestSchema,
  AdminOrderDecisionSchema,
  AdminOrderSchema,
  KeyRevealRequestSchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentProviderSchema,
  RevealedOrderKeySchema,
  SellerSaleSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byUser } from '../../middleware/rate-limit.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { AdminOrderService } from './admin-decisions.ts';
import type { OrderService } from './orders.service.ts';

/** The buyer's order list filter. */
export const UserOrderFilterSchema = z.object({ status: OrderStatusSchema.optional() });

const Instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

/** The admin console's order list filters. */
export const AdminOrderFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: OrderStatusSchema.optional(),
  userId: z.string().min(1).max(128).optional(),
  sellerId: z.string().min(1).max(128).optional(),
  provider: PaymentProviderSchema.optional(),
  createdFrom: Instant.optional(),
  createdTo: Instant.optional(),
});

/** The seller console's sales filter. */
export const SellerSaleFilterSchema = z.object({
  status: OrderStatusSchema.optional(),
  id: IdFilterSchema.optional(),
});

const userOrder = rest(['the caller’s orders', 'one of the caller’s orders'], OrderSchema);

/** `/api/user/orders`: the caller's own orders (another's answers 404) and their keys. */
export const userOrderRoutes = (service: OrderService) =>
  routes('/user/orders', { tag: 'user', access: 'user', verifiedEmail: true })
    .get(
      '/',
      userOrder.list({
        filter: UserOrderFilterSchema,
        description:
          'Newest first. An approved order lists its keys (ids only: the code through the reveal). Another buyer’s order answers 404.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.listOwn(currentUser(c).uid, q, q.filter.status);
        return listResponse(c, 'orders', q, rows, total);
      },
    )
    .get('/:id', userOrder.getOne(), async (c) =>
      c.json(await service.getOwn(currentUser(c).uid, c.req.param('id'))),
    )
    .post(
      '/:id/keys/:keyId/reveal',
      {
        summary: 'Reveal a key of one of the caller’s approved orders',
        description:
          'The buyer confirms that seeing the code ends their EU right of withdrawal; the first reveal is recorded. A game account is claimed instead (409).',
        body: KeyRevealRequestSchema,
        response: { status: 200, description: 'The code', schema: RevealedOrderKeySchema },
        errors: [409],
        limit: { name: 'keyReveal', per: [byUser] },
      },
      async (c) =>
        c.json(
          await service.revealKey(currentUser(c).uid, c.req.param('id'), c.req.param('keyId')),
        ),
    )
    .post(
      '/:id/claim-account',
      {
        summary: 'Claim a game account’s credentials (`claimAccountInfo`), once',
        description: 'A second claim of the same account answers 409.',
        body: AccountClaimRequestSchema,
        response: { status: 200, description: 'The credentials', schema: RevealedOrderKeySchema },
        errors: [409],
        limit: { name: 'keyReveal', per: [byUser] },
      },
      async (c) =>
        c.json(
          await service.claimAccountInfo(
            currentUser(c).uid,
            c.req.param('id'),
            c.req.valid('json').keyId,
          ),
        ),
    );

const adminOrder = rest(['every order', 'an order'], AdminOrderSchema);

/** An admin decision's documentation. */
const decision = (summary: string, description: string) => ({
  summary,
  description: `${description} A move the transition table does not allow answers 409, as does a decision another admin took first.`,
  body: AdminOrderDecisionSchema,
  response: { status: 200 as const, description: 'The order as decided', schema: AdminOrderSchema },
  errors: [409] as const,
});

/** `/api/admin/orders`: every order, its payment and decisions, and the admin's decisions. */
export const adminOrderRoutes = (service: AdminOrderService) =>
  routes('/admin/orders', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminOrder.list({
        filter: AdminOrderFilterSchema,
        sorts: ['createdAt'],
        description:
          'With payment and decisions. Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date). `createdFrom` / `createdTo` are ISO instants.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.adminList(q, q.filter);
        return listResponse(c, 'orders', q, rows, total);
      },
    )
    .get('/:id', adminOrder.getOne(), async (c) =>
      c.json(await service.adminGet(c.req.param('id'))),
    )
    .post(
      '/:id/approve',
      decision(
        'Approve an order held for review, or re-approve a declined one',
        'Keys are delivered at once; a declined order’s keys are reserved again first (409 when sold out). A decline whose captured payment went back to the buyer is not approved again (409).',
      ),
      async (c) =>
        c.json(
          await service.decide(
            auditContext(c),
            c.req.param('id'),
            'approve',
            c.req.valid('json').reason,
          ),
        ),
    )
    .post(
      '/:id/decline',
      decision(
        'Decline an order held for review',
        'The reason picks declined, declined_fraud or declined_business; the keys go back to stock and a captured payment is refunded in full (the answer shows `refundedCents`).',
      ),
      async (c) =>
        c.json(
          await service.decide(
            auditContext(c),
            c.req.param('id'),
            'decline',
            c.req.valid('json').reason,
          ),
        ),
    )
    .post(
      '/:id/cancel',
      decision(
        'Cancel an unpaid or held order',
        'Recorded as “Cancelled by Admin, manual execution”; the keys go back to stock and a captured payment is refunded in full.',
      ),
      async (c) =>
        c.json(
          await service.decide(
            auditContext(c),
            c.req.param('id'),
            'cancel',
            c.req.valid('json').reason,
          ),
        ),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const sale = rest(['the caller’s order lines', 'an order line'], SellerSaleSchema);

/** `/api/seller/sales`: the caller's order lines (never the buyer). */
export const sellerSaleRoutes = (service: OrderService) =>
  routes('/seller/sales', { tag: 'seller', access: 'seller' }).get(
    '/',
    sale.list({ filter: SellerSaleFilterSchema, description: 'Newest first; never the buyer.' }),
    async (c) => {
      const q = c.req.valid('query');
      const { rows, total } = await service.sales(shopOf(c), q, q.filter.status, q.filter.id);
      return listResponse(c, 'sales', q, rows, total);
    },
  );
