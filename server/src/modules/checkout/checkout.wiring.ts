import { ObjectId } from 'mongodb';
import type { AppDeps } from '../../app.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createExchangeRateRepository } from '../exchange-rates/exchange-rates.repository.ts';
import { createKeyRepository } from '../keys/keys.repository.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createOfferPricing } from '../offers/offer-pricing.ts';
import { createOfferRepository } from '../offers/offers.repository.ts';
import { createOrderRepository, type OrderDoc } from '../orders/orders.repository.ts';
import type { OrderService } from '../orders/orders.service.ts';
import { createProductRepository } from '../products/products.repository.ts';
import { createRefundRepository } from '../refunds/refunds.repository.ts';
import { createRefundService } from '../refunds/refunds.service.ts';
import { createBlocklistRepository } from '../fraud/blocklist.repository.ts';
import { createOrderReports } from './affiliate-reports.ts';
import { createChargebacks } from './chargebacks.ts';
import { createSettlement } from './settlement.ts';

/**
 * Settlement, refunds and affiliate reports wired from the app's dependencies: one place for
 * the app's routes and the reconciliation job in main.ts, on the same database.
 */
export function buildPayments(
  deps: Pick<AppDeps, 'db' | 'payments' | 'affiliate' | 'log'>,
  services: { orderService: OrderService; auditLog: AuditLog },
) {
  const orders = createOrderRepository(deps.db);
  const offers = createOfferRepository(deps.db);
  const keys = createKeyRepository(deps.db);
  const ledger = createLedgerRepository(deps.db);
  const products = createProductRepository(deps.db);
  const reports = createOrderReports({ reporter: deps.affiliate, orders, log: deps.log });
  const refunds = createRefundService({
    refunds: createRefundRepository(deps.db),
    orders,
    orderService: services.orderService,
    keys,
    offers,
    pricing: createOfferPricing({ offers, products, rates: createExchangeRateRepository(deps.db) }),
    ledger,
    payments: deps.payments,
    reports,
    auditLog: services.auditLog,
    log: deps.log,
  });
  /**
   * Gives back the capture of an order that will never be delivered. Its decision stands
   * whatever the provider says now, so a failure is only logged: the order still owes the
   * refund (`owesRefund`) and the reconciliation job makes it, or finishes the pending one.
   */
  async function giveBack(order: OrderDoc) {
    try {
      await refunds.refundUndeliverable(order);
    } catch (err) {
      deps.log.warn({ err, orderId: order._id.toHexString() }, 'refund left to the reconciliation');
    }
  }
  const settlement = createSettlement({
    orders,
    orderService: services.orderService,
    payments: deps.payments,
    hooks: { approved: reports.converted, undeliverable: giveBack },
    log: deps.log,
  });
  const chargebacks = createChargebacks({
    orders,
    orderService: services.orderService,
    keys,
    ledger,
    blocklist: createBlocklistRepository(deps.db),
    reports,
    payments: deps.payments,
    auditLog: services.auditLog,
    log: deps.log,
  });
  return {
    orders,
    refunds,
    settlement,
    chargebacks,
    /**
     * After an admin's decision: an approval (of an order held for review, or a decline
     * overturned) is reported to Awin; a decline or cancel of a paid order gives the money back.
     */
    async decidedByAdmin(orderId: string) {
      const order = await orders.findById(new ObjectId(orderId));
      if (order?.status === 'approved') await reports.converted(order);
      else if (order) await giveBack(order);
    },
  };
}
export type Payments = ReturnType<typeof buildPayments>;
