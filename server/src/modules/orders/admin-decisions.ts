import type { AdminOrder, AdminOrderAction, AdminReason } from '@market/shared';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { OrderService } from './orders.service.ts';

/**
 * The admin console's orders: the list and one order, and an admin's decision with everything
 * that follows it — the audit entry with its reason, then the payment side (`followUp`: an
 * approval is reported to the affiliate; a decline or cancel of a paid order refunds it), then
 * the order read again so a refund that followed shows on it.
 */
export function createAdminOrderService(deps: {
  orders: Pick<OrderService, 'decideAsAdmin' | 'adminGet' | 'adminList'>;
  auditLog: AuditLog;
  followUp: (orderId: string) => Promise<void>;
}) {
  const { orders } = deps;
  return {
    adminList: orders.adminList,
    adminGet: orders.adminGet,
    async decide(
      audit: AuditContext,
      id: string,
      action: AdminOrderAction,
      reason: AdminReason | undefined,
    ): Promise<AdminOrder> {
      const order = await orders.decideAsAdmin(id, action, reason, audit.actor.uid);
      await deps.auditLog.record(audit, {
        action: `order.${action}`,
        target: { type: 'order', id },
        reason: order.decisions.at(-1)?.reason ?? null,
        details: { status: order.status },
      });
      await deps.followUp(id);
      return orders.adminGet(id);
    },
  };
}
export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
