import { ObjectId } from 'mongodb';
import { chargebackReason } from '@market/shared';
import type {
  PaymentEvent,
  PaymentProviders,
} from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { paymentOutcomes } from '../../observability/metrics.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditLog } from '../audit/audit.service.ts';
import type { BlocklistFacade } from '../fraud/blocklist.facade.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { OrderService } from '../orders/orders.service.ts';
import type { OrderReports } from '../affiliates/order-reports.ts';

const BATCH = 100;

/**
 * The money of a delivered order went back to the buyer's bank (PayPal's reversal, a card
 * chargeback). The order becomes `charged_back` (System) in one conditional update that also
 * writes down what is owed (`chargeback`, its audit id fixed there); then each effect runs, each
 * idempotent on its own, and `chargeback.settledAt` closes it:
 *
 * 1. keys the buyer never revealed are revoked (seen ones stay: that code is gone);
 * 2. each seller is debited what their line's sale credited, less what a refund debited already
 *    (one `chargeback` entry per line: the ledger's unique `(orderId, itemId, type)`);
 * 3. Awin declines the sale (the reporter stores each change once);
 * 4. the buyer's email and the payment instrument go on the blocklist (unique per value), so
 *    screening refuses their next order;
 * 5. the audit log says so, actor System, under the id written with the decision.
 *
 * A crash (or an unreachable provider, asked for the instrument) leaves the chargeback unsettled:
 * the payments job (`resume`) repeats the effects. The order lands in the admin console's
 * "Charged back" tab for a person.
 */
export function createChargebacks(deps: {
  orders: Pick<
    OrderFacade,
    'findById' | 'findByProviderRef' | 'chargebackSettled' | 'unsettledChargebacks'
  >;
  orderService: Pick<OrderService, 'decide'>;
  keys: Pick<KeyFacade, 'revokeUnrevealed'>;
  ledger: Pick<LedgerFacade, 'reverse'>;
  blocklist: Pick<BlocklistFacade, 'add'>;
  reports: Pick<OrderReports, 'chargedBack'>;
  payments: PaymentProviders;
  auditLog: AuditLog;
  log: Logger;
  clock?: () => Date;
}) {
  const { orders, keys, ledger, blocklist, payments, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /**
   * Debits each line what it still holds in the ledger (its sale less any refund); a line whose
   * sale was held from a suspended seller is debited from the held money, not their balance.
   */
  async function debitSellers(order: OrderDoc, at: Date) {
    await ledger.reverse(
      order,
      'chargeback',
      order.items.map((item) => ({ itemId: item._id, refundedCents: null })),
      at,
    );
  }

  /** The instrument that paid: recorded at capture, else asked of the provider. */
  async function instrumentOf(order: OrderDoc): Promise<string | null> {
    const payment = order.payment!;
    if (payment.instrument) return payment.instrument;
    return (await payments[payment.provider].getPayment(payment.providerRef)).instrument;
  }

  /** Every effect of a recorded chargeback; each can run again without effect. */
  async function settle(order: OrderDoc): Promise<void> {
    const at = now();
    const chargeback = order.chargeback!;
    let revoked = 0;
    for (const keyId of order.items.flatMap((i) => i.keyIds)) {
      if (await keys.revokeUnrevealed(keyId, order._id)) revoked++;
    }
    await debitSellers(order, at);
    await deps.reports.chargedBack(order);
    const reason = `Chargeback of order ${order.number} (${chargeback.providerType})`;
    const listed = { _id: new ObjectId(), reason, createdAt: at };
    const addedBy = { actor: 'System' as const, uid: null, email: null };
    if (order.email) await blocklist.add({ ...listed, kind: 'email', value: order.email, addedBy });
    const instrument = await instrumentOf(order);
    if (instrument) {
      await blocklist.add({
        ...listed,
        _id: new ObjectId(),
        kind: 'instrument',
        value: instrument,
        addedBy,
      });
    }
    await deps.auditLog.record(
      SYSTEM_AUDIT_CONTEXT,
      {
        action: 'order.chargeback',
        target: { type: 'order', id: order._id.toHexString() },
        reason: chargebackReason(chargeback.providerType),
        details: {
          eventId: chargeback.eventId,
          // What this run revoked: a run resumed after a crash counts only what was left.
          keysRevoked: revoked,
          blocklisted: { email: order.email || null, instrument },
        },
      },
      chargeback.auditId,
    );
    await orders.chargebackSettled(order._id, now());
  }

  /** The order an event names: by our id (the provider's reference field), else the payment's. */
  async function orderOf(event: PaymentEvent): Promise<OrderDoc | null> {
    const byId =
      event.orderId && ObjectId.isValid(event.orderId) ? new ObjectId(event.orderId) : null;
    const order = byId ? await orders.findById(byId) : null;
    if (order) return order;
    return event.providerRef ? orders.findByProviderRef(event.providerRef) : null;
  }

  return {
    /**
     * A provider's chargeback event: records it on the delivered order it names (once: a
     * repeated event finds the order charged back) and settles its effects. Events for unknown
     * or undelivered orders are only logged. Throws when an effect could not be done now (the
     * webhook answers 5xx; the job finishes it anyway).
     */
    async received(event: PaymentEvent): Promise<void> {
      let order = await orderOf(event);
      if (!order) return;
      if (order.status === 'approved') {
        try {
          order = await deps.orderService.decide(
            order,
            'charged_back',
            { actor: 'System', reason: chargebackReason(event.providerType) },
            {
              chargeback: {
                providerType: event.providerType,
                eventId: event.eventId,
                auditId: new ObjectId(),
              },
            },
          );
          paymentOutcomes.inc({
            provider: order.payment?.provider ?? 'unknown',
            outcome: 'disputed',
          });
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
          // A racing delivery recorded it first.
          order = (await orders.findById(order._id))!;
        }
      }
      if (order.status !== 'charged_back') {
        log.warn(
          { orderId: order._id.toHexString(), status: order.status, event: event.providerType },
          'chargeback of an order that was not delivered: left to a person',
        );
        return;
      }
      if (!order.chargeback?.settledAt) await settle(order);
    },

    /** The job's part: chargebacks recorded before `before` whose effects are not all done. */
    async resume(before: Date): Promise<number> {
      let settled = 0;
      for (const order of await orders.unsettledChargebacks(before, BATCH)) {
        try {
          await settle(order);
          settled++;
        } catch (err) {
          log.warn({ err, orderId: order._id.toHexString() }, 'chargeback not settled yet');
        }
      }
      return settled;
    },
  };
}
export type Chargebacks = ReturnType<typeof createChargebacks>;
