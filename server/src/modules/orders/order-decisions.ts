import {
  ADMIN_REASONS,
  canTransition,
  ORDER_REASONS,
  reviewReason,
  taxConflictRule,
  withPaymentCountry,
  type AdminOrderAction,
  type AdminReason,
  type Currency,
  type OrderActor,
  type OrderStatus,
  type PaymentProvider,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { Logger } from '../../logger.ts';
import { paymentOutcomes } from '../../observability/metrics.ts';
import { screen } from '../fraud/fraud-rules.ts';
import type { BlocklistFacade } from '../fraud/blocklist.facade.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OrderMails } from '../mails/order-mails.ts';
import type { UserFacade } from '../users/users.facade.ts';
import { UNDELIVERED_STATUSES, type OrderDecisionDoc, type OrderDoc } from './order-doc.ts';
import type { OrderDelivery } from './order-delivery.ts';
import type { OrderKeys } from './order-keys.ts';
import type { OrderCoupons, OrderSettings } from './order-settings.ts';
import type { OrderRepository } from './orders.repository.ts';

const isUndelivered = (status: OrderStatus) =>
  (UNDELIVERED_STATUSES as readonly OrderStatus[]).includes(status);

/** What a payment provider told the checkout (P1's clients), recorded on the order. */
export type PaymentFacts = {
  provider: PaymentProvider;
  providerRef: string;
  captureId: string | null;
  status: 'captured' | 'failed';
  amountCents: number;
  currency: Currency;
  instrument?: string | null;
  /** The payer's country, when the provider reports it. */
  country?: string | null;
};

type Decider = { actor: OrderActor; reason: string; actorUid?: string | null };

/**
 * Decisions: the one way an order changes status (`decide`, along the transition table), a
 * payment recorded and screened, and an admin's approve / decline / cancel. See README.md for
 * the order of writes each decision keeps.
 */
export function createOrderDecisions(deps: {
  orders: OrderRepository;
  keys: Pick<KeyFacade, 'holdForReview'>;
  users: Pick<UserFacade, 'findById'>;
  blocklist: Pick<BlocklistFacade, 'matches'>;
  orderKeys: OrderKeys;
  deliver: OrderDelivery;
  mails: Pick<OrderMails, 'received' | 'review' | 'ended'>;
  findOrder: (id: string) => Promise<OrderDoc>;
  log: Logger;
  settings: OrderSettings;
  coupons: OrderCoupons | undefined;
  now: () => Date;
}) {
  const { orders, keys, orderKeys, deliver, findOrder, settings, now } = deps;

  /**
   * Gives back the coupon use of an order that ended undelivered, then clears the obligation its
   * decision wrote (`couponReleaseDue`). A failure never undoes the decision: the expiry job's
   * recovery repeats it.
   */
  async function releaseCoupon(order: OrderDoc): Promise<boolean> {
    try {
      await deps.coupons!.release(order._id.toHexString());
      await orders.couponReleased(order._id);
      return true;
    } catch (err) {
      deps.log.warn({ err, orderId: order._id.toHexString() }, 'coupon use left to the recovery');
      return false;
    }
  }

  /**
   * A re-approved decline uses its coupon again: a release the decline left half done is
   * finished first, then the use is counted. The admin's decision stands when the coupon is used
   * up meanwhile (the buyer keeps the discount they were given); that is only logged.
   */
  async function recountCoupon(order: OrderDoc): Promise<void> {
    const orderId = order._id.toHexString();
    try {
      await deps.coupons!.release(orderId);
      await deps.coupons!.redeem(order.couponCode!, order.userId, orderId);
    } catch (err) {
      deps.log.warn({ err, orderId }, 'coupon use not counted again on re-approval');
    }
  }

  /** The one way an order changes status: table-checked, then a conditional update. */
  async function decide(
    order: OrderDoc,
    to: OrderStatus,
    by: Decider,
    record: Pick<OrderDoc, 'chargeback'> = {},
  ): Promise<OrderDoc> {
    const from = order.status;
    if (!canTransition(from, to, by.actor)) {
      throw new AppError('CONFLICT', {
        message: `An order that is ${from} cannot become ${to}${by.actor === 'Admin' ? ' by an admin' : ''}`,
      });
    }
    const at = now();
    const decision: OrderDecisionDoc = {
      status: to,
      reason: by.reason,
      actor: by.actor,
      actorUid: by.actorUid ?? null,
      at,
    };
    // Re-approving a decline: its keys went back to stock, so take them again first.
    const reReserve = to === 'approved' && from !== 'pending' && from !== 'review';
    // A declined capture goes back to the buyer in full (the checkout's refunds): approving it
    // again would give the keys away for nothing.
    if (reReserve && order.payment?.status === 'captured') {
      throw new AppError('CONFLICT', {
        message: 'The payment of this order went back to the buyer: they have to order again',
      });
    }
    if (reReserve) {
      const until = new Date(at.getTime() + settings.reservationMinutes * 60_000);
      const { short } = await orderKeys.reserve(order._id, order.items, until);
      if (short) {
        throw new AppError('CONFLICT', {
          message: `Not enough keys left for ${order.items[short.index]!.name} to approve the order again`,
        });
      }
    }
    // The buyer gets the coupon use back when the order ends undelivered: owed with the decision.
    const releaseDue = order.couponCode !== null && deps.coupons !== undefined && isUndelivered(to);
    const updated = await orders.transition(order._id, from, decision, {
      ...record,
      ...(releaseDue && { couponReleaseDue: true as const }),
    });
    if (!updated) {
      if (reReserve) await orderKeys.release(order._id);
      throw new AppError('CONFLICT', { message: 'The order changed meanwhile; reload it' });
    }
    if (reReserve && updated.couponCode && deps.coupons) await recountCoupon(updated);
    if (to === 'approved') return deliver(updated, at);
    // A chargeback's effects are the checkout's (chargebacks.ts): its sold keys stay the order's.
    if (to === 'charged_back') return updated;
    if (to === 'review') await keys.holdForReview(order._id);
    else await orderKeys.release(order._id);
    if (releaseDue) await releaseCoupon(updated);
    // The buyer hears of it last: a failed mail never undoes the decision or its keys.
    await (to === 'review' ? deps.mails.review(updated) : deps.mails.ended(updated));
    return updated;
  }

  /** The facts fraud screening looks at, for a paid order. */
  async function screeningOf(order: OrderDoc, facts: PaymentFacts) {
    const since = new Date(now().getTime() - settings.fraud.velocityWindowMinutes * 60_000);
    const user = await deps.users.findById(order.userId);
    const instrument = facts.instrument ?? null;
    const [byUser, byIp, byInstrument, blocklisted] = await Promise.all([
      orders.countSince({ userId: order.userId }, since),
      order.ip ? orders.countSince({ ip: order.ip }, since) : 1,
      instrument ? orders.countSince({ 'payment.instrument': instrument }, since) : 1,
      deps.blocklist.matches({ email: order.email, ip: order.ip, instrument }),
    ]);
    return screen(
      {
        totalCents: order.totals.total,
        items: order.items.map((i) => ({
          categoryId: i.categoryId,
          // The offer's region: a key's lock is its offer's, not its product's (docs/regions.md).
          region: i.activationRegion ?? i.region,
          regionConfirmed: i.regionConfirmed !== undefined,
        })),
        user: {
          blocked: user?.blocked === true,
          accountAgeDays: user ? (now().getTime() - user.createdAt.getTime()) / 86_400_000 : 0,
        },
        recentOrders: { byUser, byIp, byInstrument },
        blocklisted,
        // Recorded at checkout when the trusted proxy reports it (CLIENT_COUNTRY_HEADER).
        ipCountry: order.tax?.evidence.address ?? null,
        paymentCountry: facts.country ?? null,
      },
      settings.fraud,
    );
  }

  return {
    decide,
    releaseCoupon,

    /**
     * Records what the provider said and decides, once: a failed payment declines; a captured
     * one is screened (approve, review or decline). Safe to call twice (the return and the
     * webhook race): the second finds the order decided and changes nothing. `refund` says the
     * money was captured for an order that can no longer be delivered (it expired meanwhile).
     */
    async recordPayment(
      orderId: string,
      facts: PaymentFacts,
    ): Promise<{ order: OrderDoc; refund: boolean }> {
      const order = await findOrder(orderId);
      const captured = facts.status === 'captured';
      const known =
        order.payment?.providerRef === facts.providerRef && order.payment.status === 'captured';
      // News of a capture already recorded (a replay, or a late failure notice) changes nothing,
      // unless a crash came between recording it and deciding: then the order is decided now.
      if (known && (order.status !== 'pending' || !captured)) return { order, refund: false };
      // VAT evidence (docs/vat.md): the instrument's country joins the billing country.
      const tax = captured && order.tax ? withPaymentCountry(order.tax, facts.country) : undefined;
      const withPayment = await orders.setPayment(
        order._id,
        {
          provider: facts.provider,
          providerRef: facts.providerRef,
          captureId: facts.captureId,
          status: facts.status,
          amountCents: facts.amountCents,
          currency: facts.currency,
          instrument: facts.instrument ?? null,
          country: facts.country?.toUpperCase() ?? null,
        },
        tax && { tax },
      );
      if (!withPayment) {
        throw new AppError('CONFLICT', { message: 'The order is paid another way' });
      }
      failpoint('orders.afterPaymentRecorded');
      // The receipt, before the decision's own mail (delivered, in review, declined).
      if (captured && withPayment.status === 'pending') await deps.mails.received(withPayment);
      if (withPayment.status !== 'pending') {
        return { order: withPayment, refund: captured && withPayment.status === 'cancelled' };
      }
      let outcome: { status: OrderStatus; reason: string };
      if (!captured) outcome = { status: 'declined', reason: ORDER_REASONS.paymentFailed };
      else if (facts.amountCents !== order.totals.total || facts.currency !== order.currency) {
        outcome = { status: 'review', reason: reviewReason('amount paid differs from the total') };
      } else outcome = await screeningOf(withPayment, facts);
      // Evidence that disagrees on the buyer's country holds what screening would approve.
      if (outcome.status === 'approved' && withPayment.tax?.conflict) {
        outcome = {
          status: 'review',
          reason: reviewReason(taxConflictRule(withPayment.tax.evidence)),
        };
      }
      try {
        const decided = await decide(withPayment, outcome.status, { actor: 'System', ...outcome });
        // Counted here, where one caller wins: the buyer's return and the webhook both capture.
        paymentOutcomes.inc({
          provider: facts.provider,
          outcome: captured ? 'captured' : 'failed',
        });
        return { order: decided, refund: false };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
        // Another call decided first (or expiry won): answer what happened.
        const current = await findOrder(orderId);
        return { order: current, refund: captured && current.status === 'cancelled' };
      }
    },

    /**
     * An admin's decision (approve / decline / cancel), with a reason from the table. Its
     * follow-ups (audit, refund, affiliate) are `admin-decisions.ts`'s.
     */
    async decideAsAdmin(
      orderId: string,
      action: AdminOrderAction,
      reason: AdminReason | undefined,
      actorUid: string,
    ): Promise<OrderDoc> {
      const order = await findOrder(orderId);
      const fitting: AdminReason =
        action === 'cancel'
          ? ORDER_REASONS.adminCancelled
          : action === 'decline'
            ? ORDER_REASONS.adminDeclined
            : order.status === 'review'
              ? ORDER_REASONS.adminReviewed
              : ORDER_REASONS.adminReapproved;
      const chosen = reason ?? fitting;
      const to = ADMIN_REASONS[chosen];
      const expected = { approve: 'approved', decline: 'declined', cancel: 'cancelled' }[action];
      const fits =
        action === 'approve'
          ? chosen === fitting
          : to === expected || to.startsWith(`${expected}_`);
      if (!fits) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { reason: `Not a reason to ${action}` },
        });
      }
      return decide(order, to, { actor: 'Admin', reason: chosen, actorUid });
    },
  };
}
export type OrderDecisions = ReturnType<typeof createOrderDecisions>;
