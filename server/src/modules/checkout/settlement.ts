import type { ObjectId } from 'mongodb';
import {
  PaymentError,
  type PaymentDetails,
  type PaymentProviders,
} from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/errors.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { Logger } from '../../logger.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { OrderService, PaymentFacts } from '../orders/orders.service.ts';
import { owesRefund } from '../refunds/refunds.service.ts';

/** Who asks to settle: the buyer's return, a provider's webhook, or the reconciliation job. */
export type SettleSource = 'return' | 'webhook' | 'reconcile';

/** What happens after a settlement changed an order (affiliate report, refund of late money). */
export type SettlementHooks = {
  /** The order became approved by this settlement (the racing call may report it too). */
  approved(order: OrderDoc): Promise<void>;
  /**
   * Money was captured for an order that will never be delivered (screening declined it after
   * the capture, or it expired or was cancelled while the buyer paid): give it back.
   */
  undeliverable(order: OrderDoc): Promise<void>;
};

/** The provider could not settle it now: the caller answers 503 (a webhook is delivered again). */
export const unavailable = (err: PaymentError) =>
  new AppError('PAYMENT_UNAVAILABLE', { message: `${err.provider}: ${err.message}` });

/**
 * The one way a payment reaches an order, whoever asks: the provider is asked where the payment
 * stands, an approved payment is captured (idempotency key `capture:<orderId>`, so racing
 * callers share ONE capture), and what the provider says is recorded by the orders service,
 * whose conditional updates let only one decision and one delivery win. Safe to call any
 * number of times, concurrently, from any source.
 */
export function createSettlement(deps: {
  orders: Pick<OrderFacade, 'findById' | 'findByProviderRef'>;
  orderService: Pick<OrderService, 'recordPayment'>;
  payments: PaymentProviders;
  hooks: SettlementHooks;
  log: Logger;
}) {
  const { orders, orderService, payments, hooks, log } = deps;

  async function record(order: OrderDoc, facts: Omit<PaymentFacts, 'provider' | 'providerRef'>) {
    const payment = order.payment!;
    const { order: after } = await orderService.recordPayment(order._id.toHexString(), {
      provider: payment.provider,
      providerRef: payment.providerRef,
      ...facts,
    });
    if (owesRefund(after)) await hooks.undeliverable(after);
    if (after.status === 'approved' && order.status === 'pending') await hooks.approved(after);
    return after;
  }

  /** Captures an approved payment, unless the order stopped waiting for it. */
  async function capture(order: OrderDoc, details: PaymentDetails): Promise<OrderDoc> {
    // An expired or cancelled order must not take money: its keys may be sold to someone else.
    if (order.status !== 'pending') return order;
    const provider = payments[order.payment!.provider];
    failpoint('settlement.beforeCapture');
    try {
      const captured = await provider.capture(details.providerRef, {
        idempotencyKey: `capture:${order._id.toHexString()}`,
      });
      failpoint('settlement.afterCapture');
      // Not final yet (Checkout.com settles captures asynchronously): its webhook comes back here.
      if (captured.status === 'pending') return order;
      return await record(order, {
        captureId: captured.captureId,
        status: 'captured',
        amountCents: captured.amountCents,
        currency: captured.currency,
        instrument: details.instrument,
        // The payment instrument's country: VAT evidence, checked against the billing country.
        country: details.country,
      });
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      if (err.code === 'DECLINED') {
        return record(order, {
          captureId: null,
          status: 'failed',
          amountCents: details.amountCents,
          currency: details.currency,
        });
      }
      if (err.code === 'NOT_APPROVED') return order;
      throw err;
    }
  }

  async function settleOrder(order: OrderDoc): Promise<OrderDoc> {
    const payment = order.payment;
    // A crash came between recording the capture and deciding: decide on the recorded capture.
    if (payment?.status === 'captured' && order.status === 'pending') {
      return record(order, {
        captureId: payment.captureId,
        status: 'captured',
        amountCents: payment.amountCents,
        currency: payment.currency ?? order.currency,
        instrument: payment.instrument,
        country: payment.country,
      });
    }
    // Nothing to ask about: no payment started, or its capture is recorded already.
    if (!payment || payment.status !== 'created') return order;
    const details = await payments[payment.provider].getPayment(payment.providerRef);
    switch (details.status) {
      case 'approved':
        return capture(order, details);
      case 'captured':
      case 'refunded':
        return record(order, {
          captureId: details.captureId,
          status: 'captured',
          amountCents: details.capturedCents,
          currency: details.currency,
          instrument: details.instrument,
          country: details.country,
        });
      case 'failed':
        return record(order, {
          captureId: null,
          status: 'failed',
          amountCents: details.amountCents,
          currency: details.currency,
        });
      // Not approved yet, a capture still settling, or voided: the order waits (or expires).
      default:
        return order;
    }
  }

  return {
    /**
     * Settles the order named by id or by the provider's reference; null when no order has it.
     * Throws AppError PAYMENT_UNAVAILABLE when the provider could not be asked.
     */
    async settle(
      ref: { orderId: ObjectId } | { providerRef: string },
      source: SettleSource,
    ): Promise<OrderDoc | null> {
      const order =
        'orderId' in ref
          ? await orders.findById(ref.orderId)
          : await orders.findByProviderRef(ref.providerRef);
      if (!order) return null;
      try {
        return await settleOrder(order);
      } catch (err) {
        // Unreachable, or an answer we cannot act on (logged): the caller tries again later.
        if (err instanceof PaymentError) {
          log.warn(
            { orderId: order._id.toHexString(), source, code: err.code, debugId: err.debugId },
            'payment provider could not settle the order',
          );
          throw unavailable(err);
        }
        throw err;
      }
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
