import { ObjectId } from 'mongodb';
import pLimit from 'p-limit';
import {
  lineKey,
  ORDER_REASONS,
  TOTAL_CHANGED_FIELD,
  type AdminOrder,
  type CheckoutComplete,
  type CheckoutRequest,
  type CheckoutStarted,
  type Locale,
  type Order,
  type PaymentProvider as ProviderName,
} from '@market/shared';
import {
  PaymentError,
  type PaymentProviders,
  type WebhookHeaders,
} from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/errors.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { Logger } from '../../logger.ts';
import { checkoutOutcomes } from '../../observability/metrics.ts';
import { attributionFromCookies } from '../affiliates/attribution.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { CartService } from '../cart/cart.service.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { OrderService } from '../orders/orders.service.ts';
import type { PaymentEventRepository } from './payment-events.repository.ts';
import type { Chargebacks } from './chargebacks.ts';
import type { DisputeService } from '../disputes/disputes.service.ts';
import { unavailable, type Settlement } from './settlement.ts';
import { TotalChanged } from './total-changed.ts';

type Buyer = { uid: string; email: string | null };

/** What the buyer was told no to (a changed cart, a limit, a check): not a failure of the shop. */
const REFUSALS = new Set(['VALIDATION_FAILED', 'CONFLICT', 'FORBIDDEN', 'TOO_MANY_REQUESTS']);

/** `checkout_outcomes_total`: placed (payment started), refused, or failed (ours or the provider's). */
function countedCheckout<A extends unknown[], R>(start: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      const started = await start(...args);
      checkoutOutcomes.inc({ outcome: 'placed' });
      return started;
    } catch (err) {
      const refused = err instanceof AppError && REFUSALS.has(err.code);
      checkoutOutcomes.inc({ outcome: refused ? 'refused' : 'failed' });
      throw err;
    }
  };
}

/** The storefront page the provider sends the buyer back to (Italian pages under /it). */
export const returnPath = (locale: Locale) =>
  locale === 'it' ? '/it/checkout/complete' : '/checkout/complete';

/**
 * The 409 of a cart that changed under the buyer, in the cart's own terms: `products.<i>.quantity`
 * names the cart line (the cart now shows what is left, 0 when out of stock).
 */
const ranOut = (errors: Record<string, string>) =>
  new AppError('CONFLICT', { message: 'Some items ran out: check your cart', errors });

/**
 * How many checkouts of this process price and reserve at once; the others queue. Under a
 * burst on scarce keys this is what keeps the hot path short: the first orders finish instead
 * of all of them advancing in lockstep, and a checkout that starts once the keys are gone meets
 * the offer's stock at 0 and is refused before it writes an order. Correctness never depends on
 * it (the reservations are conditional updates, and several processes may run).
 */
export const PLACEMENT_CONCURRENCY = 64;

/**
 * The checkout: the caller's server cart becomes an order (keys reserved), a payment is started
 * at the chosen provider, and the buyer's return, the provider's webhooks and the admin's
 * refresh settle it through the one settlement (`settlement.ts`).
 */
export function createCheckoutService(deps: {
  cart: Pick<CartService, 'get' | 'forCheckout' | 'empty' | 'summary'>;
  orders: Pick<OrderFacade, 'findById' | 'findOwn'>;
  orderService: Pick<
    OrderService,
    'placeOrder' | 'attachPayment' | 'getOwn' | 'adminGet' | 'decide'
  >;
  settlement: Settlement;
  chargebacks: Pick<Chargebacks, 'received'>;
  /** Payment disputes (`../disputes`): dispute events, and chargebacks a won dispute gives back. */
  disputes?: Pick<DisputeService, 'received' | 'chargebackSettled'>;
  payments: PaymentProviders;
  events: PaymentEventRepository;
  auditLog: AuditLog;
  publicOrigin: string;
  /** A PayPal Payouts webhook named this batch (the payouts module follows it up). */
  payoutBatchChanged?: (batchId: string) => Promise<void>;
  log: Logger;
  clock?: () => Date;
  placementConcurrency?: number;
}) {
  const { cart, orders, orderService, settlement, payments, log } = deps;
  const placements = pLimit(deps.placementConcurrency ?? PLACEMENT_CONCURRENCY);
  const now = deps.clock ?? (() => new Date());

  /** The cart's lines to buy, with their offers; 409 when a line ran out since it was saved. */
  async function cartLines(uid: string) {
    const { cart: current, before: saved, offers } = await cart.forCheckout(uid);
    if (!current.products.length) {
      throw new AppError('VALIDATION_FAILED', { errors: { products: 'The cart is empty' } });
    }
    const before = new Map(saved.map((l) => [lineKey(l), l.quantity]));
    const errors: Record<string, string> = {};
    current.products.forEach((line, i) => {
      if (line.quantity < (before.get(lineKey(line)) ?? 0)) {
        errors[`products.${i}.quantity`] = line.quantity
          ? `Only ${line.quantity} left`
          : 'Out of stock';
      }
    });
    const buying = current.products
      .map((line, index) => ({ ...line, index }))
      .filter((line) => line.quantity > 0);
    if (!buying.length) {
      current.products.forEach((_, i) => (errors[`products.${i}.quantity`] ??= 'Out of stock'));
    }
    if (Object.keys(errors).length) throw ranOut(errors);
    // The offers are those the cart was just priced with: the order takes its prices from
    // them and checks their stock again; the reservations then decide who gets the keys.
    return buying.map((line) => {
      const live = offers.get(lineKey(line));
      if (!live) throw ranOut({ [`products.${line.index}.quantity`]: 'Out of stock' });
      return {
        index: line.index,
        live,
        quantity: line.quantity,
        regionConfirmed: line.regionConfirmed,
      };
    });
  }

  /** Places the order; its 409s are restated per cart line, and the cart saved as it is now. */
  async function place(buyer: Buyer, input: CheckoutRequest, request: RequestFacts) {
    const lines = await cartLines(buyer.uid);
    try {
      return await orderService.placeOrder({
        user: buyer,
        order: {
          lines: lines.map(({ live, quantity, regionConfirmed }) => ({
            offerId: live.offer._id.toHexString(),
            quantity,
            // The buyer's confirmation that the key does not activate where they are (docs/regions.md).
            ...(regionConfirmed && { regionConfirmed }),
          })),
          currency: input.currency,
          couponCode: input.couponCode ?? null,
          confirmations: {
            purchaseAccountProduct: input.confirmations?.purchaseAccountProduct ?? false,
          },
          ...(input.billingCountry && { billingCountry: input.billingCountry }),
        },
        attribution: attributionFromCookies(request.cookie),
        ip: request.ip,
        clientCountry: request.country,
        live: lines.map((line) => line.live),
        expectedTotalCents: input.expectedTotalCents,
      });
    } catch (err) {
      if (!(err instanceof AppError) || !err.errors) throw err;
      if (err.errors[TOTAL_CHANGED_FIELD] && input.expectedTotalCents !== undefined) {
        throw new TotalChanged(input.expectedTotalCents, await summaryNow(buyer.uid, input));
      }
      const confirm = err.errors['confirmations.purchaseAccountProduct'];
      // The cart holds a game account: the buyer must confirm buying one (spec section 5).
      if (confirm) {
        throw new AppError('CONFLICT', {
          message: confirm,
          errors: { 'confirmations.purchaseAccountProduct': confirm },
        });
      }
      if (err.code !== 'CONFLICT') throw err;
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(err.errors)) {
        const match = /^lines\.(\d+)\.(\w+)$/.exec(path);
        const line = match && lines[Number(match[1])];
        errors[line ? `products.${line.index}.quantity` : path] = message;
      }
      // Saves the lines that ran out at what is left, so the cart shows it.
      await cart.get(buyer.uid);
      throw new AppError('CONFLICT', { message: err.message, errors });
    }
  }

  /** The caller's server cart as the cart summary shows it now, for the checkout's terms. */
  async function summaryNow(uid: string, input: CheckoutRequest) {
    const { products } = await cart.get(uid);
    return cart.summary(uid, {
      products,
      currency: input.currency,
      couponCode: input.couponCode,
      locale: input.locale,
      billingCountry: input.billingCountry,
    });
  }

  /** Cancels an order whose payment could not start: its keys go back at once. */
  async function abandon(orderId: string) {
    const doc = (await orders.findById(new ObjectId(orderId)))!;
    await orderService
      .decide(doc, 'cancelled', { actor: 'System', reason: ORDER_REASONS.autoCancelled })
      .catch((err: unknown) => log.error({ err, orderId }, 'could not cancel an unpayable order'));
  }

  return {
    /**
     * Buys the caller's cart: an order (keys reserved), a payment at `provider` (idempotency key
     * `create:<orderId>`), the cart emptied. Answers where the buyer approves the payment.
     */
    start: countedCheckout(async function start(
      buyer: Buyer,
      input: CheckoutRequest,
      request: RequestFacts,
    ): Promise<CheckoutStarted> {
      const order = await placements(() => place(buyer, input, request));
      failpoint('checkout.afterReserve');
      const back = `${deps.publicOrigin}${returnPath(input.locale)}?order=${order.id}`;
      let payment;
      try {
        payment = await payments[input.provider].createPayment({
          orderId: order.id,
          amountCents: order.totals.total,
          currency: order.currency,
          description: `Order ${order.number}`,
          returnUrl: back,
          cancelUrl: `${back}&cancelled=1`,
          idempotencyKey: `create:${order.id}`,
          billingCountry: order.tax?.evidence.billing,
        });
      } catch (err) {
        if (!(err instanceof PaymentError)) throw err;
        log.warn(
          { orderId: order.id, code: err.code, debugId: err.debugId },
          'payment not started',
        );
        await abandon(order.id);
        throw unavailable(err);
      }
      failpoint('checkout.afterPaymentCreated');
      await orderService.attachPayment(order, input.provider, payment.providerRef);
      await cart.empty(buyer.uid);
      return { orderId: order.id, approvalUrl: payment.approvalUrl };
    }),

    /**
     * The buyer is back from the provider: settles the payment (capture once), or, when they
     * cancelled and nothing was paid, cancels the order so its keys go back at once.
     */
    async complete(uid: string, orderId: string, input: CheckoutComplete): Promise<Order> {
      const oid = toObjectId(orderId);
      // Another buyer's order answers exactly like a missing one.
      if (!oid || !(await orders.findOwn(oid, uid))) throw new AppError('NOT_FOUND');
      const settled = (await settlement.settle({ orderId: oid }, 'return'))!;
      if (input.cancelled && settled.status === 'pending') {
        await orderService
          .decide(settled, 'cancelled', { actor: 'System', reason: ORDER_REASONS.buyerCancelled })
          .catch((err: unknown) => {
            // Paid or expired meanwhile: the order says what happened.
            if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
          });
      }
      return orderService.getOwn(uid, orderId);
    },

    /** An admin asks the provider again (and settles a payment that went through). */
    async refresh(orderId: string, ctx: AuditContext): Promise<AdminOrder> {
      const oid = toObjectId(orderId);
      const settled: OrderDoc | null =
        oid && (await settlement.settle({ orderId: oid }, 'reconcile'));
      if (!settled) throw new AppError('NOT_FOUND');
      await deps.auditLog.record(ctx, {
        action: 'order.refresh',
        target: { type: 'order', id: orderId },
        details: { status: settled.status, payment: settled.payment?.status ?? null },
      });
      return orderService.adminGet(orderId);
    },

    /**
     * A provider's webhook: verified on its raw body (null → 400), each event id taken in once,
     * then the order it names is settled, or charged back (`chargebacks.ts`). Events for unknown
     * orders, refunds (ours) and kinds we do not act on are acknowledged and ignored.
     */
    async webhook(provider: ProviderName, headers: WebhookHeaders, rawBody: string) {
      let event;
      try {
        event = await payments[provider].verifyWebhook(headers, rawBody);
      } catch (err) {
        if (!(err instanceof PaymentError)) throw err;
        if (err.code === 'UNAVAILABLE') throw unavailable(err);
        event = null;
      }
      if (!event) {
        throw new AppError('VALIDATION_FAILED', { message: 'Not an authentic webhook delivery' });
      }
      // PayPal Payouts (sellers' payouts): the payout reads its batch's state from PayPal again.
      if (event.providerType.startsWith('PAYMENT.PAYOUTS')) {
        if (event.providerRef) await deps.payoutBatchChanged?.(event.providerRef);
        return { received: true };
      }
      const acts =
        event.type === 'approved' ||
        event.type === 'captured' ||
        event.type === 'failed' ||
        event.type === 'chargeback' ||
        event.type === 'dispute';
      if (!acts) return { received: true };
      if (!(await deps.events.claim(event, now()))) return { received: true };
      const orderId = event.orderId ? toObjectId(event.orderId) : null;
      const ref = orderId
        ? { orderId }
        : event.providerRef
          ? { providerRef: event.providerRef }
          : null;
      try {
        if (event.type === 'chargeback') {
          await deps.chargebacks.received(event);
          await deps.disputes?.chargebackSettled(event.orderId);
        } else if (event.type === 'dispute') await deps.disputes?.received(event);
        else if (ref) await settlement.settle(ref, 'webhook');
      } catch (err) {
        if (err instanceof PaymentError && err.code === 'UNAVAILABLE') {
          // The chargeback is recorded; its effects wait for the next delivery (or the job).
          await deps.events.forget(event);
          throw unavailable(err);
        }
        // Not handled: the provider's next delivery of this event must be.
        await deps.events.forget(event);
        throw err;
      }
      await deps.events.handled(event, now());
      return { received: true };
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** What the checkout takes from the request besides the body. */
export type RequestFacts = {
  cookie: string | undefined;
  ip: string | null;
  /** The client address's country (CLIENT_COUNTRY_HEADER behind a trusted proxy). */
  country: string | null;
};
