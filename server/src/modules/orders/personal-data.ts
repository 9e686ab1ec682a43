import type { AccountExport } from '@market/shared';
import type { OrderRepository } from './orders.repository.ts';

/**
 * What orders hold about a buyer, for their data export and their erasure. Orders themselves
 * are kept (invoices, VAT, the sellers' ledger): erasure replaces the buyer's contact only.
 * The export carries no key codes (see AccountExportSchema).
 */
export function createOrderPersonalData(orders: OrderRepository) {
  return {
    async exportOf(userId: string): Promise<AccountExport['orders']> {
      return (await orders.ofUser(userId)).map((o) => ({
        number: o.number,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        currency: o.currency,
        totals: o.totals,
        couponCode: o.couponCode,
        refundedCents: o.refundedCents,
        items: o.items.map((item) => ({
          name: item.name,
          quantity: item.quantity,
          unitPriceCents: item.unitPriceCents,
          keysDelivered: item.deliveredCount,
          refundedCents: item.refundedCents ?? 0,
        })),
      }));
    },
    /** Orders awaiting payment or a decision still need the buyer's address to finish. */
    openCount: orders.countOpen,
    async erase(userId: string, standIn: { email: string }): Promise<void> {
      await orders.anonymiseBuyer(userId, standIn.email);
    },
  };
}
export type OrderPersonalData = ReturnType<typeof createOrderPersonalData>;
