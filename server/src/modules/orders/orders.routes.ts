import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  AccountClaimRequestSchema,
  AdminOrderDecisionSchema,
  KeyRevealRequestSchema,
  OrderStatusSchema,
  PaymentProviderSchema,
  type AdminOrderAction,
  type AdminReason,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext, type AuditLog } from '../audit/audit.service.ts';
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
export const SellerSaleFilterSchema = z.object({ status: OrderStatusSchema.optional() });

/** `/api/user/orders`: the caller's own orders (another's answers 404) and their keys. */
export const userOrderRoutes = (service: OrderService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { status } = parseFilter(UserOrderFilterSchema, q.filter);
      const { rows, total } = await service.listOwn(currentUser(c).uid, q, status);
      return listResponse(c, 'orders', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.getOwn(currentUser(c).uid, c.req.param('id'))))
    .post('/:id/keys/:keyId/reveal', jsonBody(KeyRevealRequestSchema), async (c) =>
      c.json(await service.revealKey(currentUser(c).uid, c.req.param('id'), c.req.param('keyId'))),
    )
    .post('/:id/claim-account', jsonBody(AccountClaimRequestSchema), async (c) =>
      c.json(
        await service.claimAccountInfo(
          currentUser(c).uid,
          c.req.param('id'),
          c.req.valid('json').keyId,
        ),
      ),
    );

/**
 * What follows an admin's decision: the audit log, then the checkout's part (an approval is
 * reported to the affiliate; a decline or cancel of a paid order refunds it).
 */
export type DecisionFollowUps = {
  auditLog: AuditLog;
  decided: (orderId: string) => Promise<void>;
};

/** An admin's decision, recorded in the audit log with its reason. */
const decideAudited = async (
  c: Context<AppEnv>,
  service: OrderService,
  then: DecisionFollowUps,
  action: AdminOrderAction,
  reason: AdminReason | undefined,
) => {
  const id = c.req.param('id')!;
  const order = await service.decideAsAdmin(id, action, reason, currentUser(c).uid);
  await then.auditLog.record(auditContext(c), {
    action: `order.${action}`,
    target: { type: 'order', id },
    reason: order.decisions.at(-1)?.reason ?? null,
    details: { status: order.status },
  });
  await then.decided(id);
  // Read again: a refund that followed the decision shows on the order.
  return service.adminGet(id);
};

/** `/api/admin/orders`: every order, its payment and decisions, and the admin's decisions. */
export const adminOrderRoutes = (service: OrderService, then: DecisionFollowUps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(AdminOrderFilterSchema, q.filter);
      const { rows, total } = await service.adminList(q, filter);
      return listResponse(c, 'orders', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.adminGet(c.req.param('id'))))
    .post('/:id/approve', jsonBody(AdminOrderDecisionSchema), async (c) =>
      c.json(await decideAudited(c, service, then, 'approve', c.req.valid('json').reason)),
    )
    .post('/:id/decline', jsonBody(AdminOrderDecisionSchema), async (c) =>
      c.json(await decideAudited(c, service, then, 'decline', c.req.valid('json').reason)),
    )
    .post('/:id/cancel', jsonBody(AdminOrderDecisionSchema), async (c) =>
      c.json(await decideAudited(c, service, then, 'cancel', c.req.valid('json').reason)),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** `/api/seller/sales`: the caller's order lines (never the buyer). */
export const sellerSaleRoutes = (service: OrderService) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const q = parseListQuery(c);
    const { status } = parseFilter(SellerSaleFilterSchema, q.filter);
    const { rows, total } = await service.sales(shopOf(c), q, status);
    return listResponse(c, 'sales', q, rows, total);
  });

/** `/api/seller/balance`: what the marketplace owes the caller, per currency. */
export const sellerBalanceRoutes = (service: OrderService) =>
  new Hono<AppEnv>().get('/', async (c) => c.json(await service.balance(shopOf(c))));
