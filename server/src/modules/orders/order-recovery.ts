import { ObjectId } from 'mongodb';
import { ORDER_REASONS } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OrderDecisions } from './order-decisions.ts';
import type { OrderDelivery } from './order-delivery.ts';
import type { OrderKeys } from './order-keys.ts';
import type { OrderRepository } from './orders.repository.ts';

/** Lost races and crashes are recovered only after this long (an in-flight request finishes first). */
const RECOVERY_GRACE_MS = 2 * 60_000;
const BATCH = 200;

/** The expiry job's side of orders: unpaid orders past their deadline, and crash leftovers. */
export function createOrderRecovery(deps: {
  orders: OrderRepository;
  keys: Pick<KeyFacade, 'reservedBefore' | 'holdForReview'>;
  orderKeys: OrderKeys;
  deliver: OrderDelivery;
  decisions: Pick<OrderDecisions, 'decide' | 'releaseCoupon'>;
  /** Whether orders can carry a coupon (then its uses owed back are given back here). */
  coupons: boolean;
  log: Logger;
  now: () => Date;
}) {
  const { orders, keys, orderKeys, deliver, decisions } = deps;
  return {
    /**
     * Delivers again the approved, undelivered orders among `ids`, waiting for their supplier
     * purchases (the supplier-fulfilment job's: it finds the orders whose purchases a crash or a
     * silent supplier left unsettled, sooner than rule 3 would). Answers how many got delivered.
     */
    async deliverAgain(ids: ObjectId[], at: Date = deps.now()) {
      let delivered = 0;
      for (const id of ids) {
        const order = await orders.findById(id);
        if (order?.status !== 'approved' || order.deliveredAt) continue;
        if ((await deliver(order, at, 'now')).deliveredAt) delivered++;
      }
      return delivered;
    },

    /**
     * The expiry job: pending orders past their deadline are cancelled by the System and their
     * keys go back; then recovery (README.md): stale reservations follow their order's status,
     * and approvals a crash interrupted are delivered. Safe to run twice or concurrently.
     */
    async expireReservations(at: Date = deps.now()) {
      let cancelled = 0;
      for (const order of await orders.expiredPending(at, BATCH)) {
        try {
          await decisions.decide(order, 'cancelled', {
            actor: 'System',
            reason: ORDER_REASONS.autoCancelled,
          });
          cancelled++;
        } catch (err) {
          // Paid or cancelled by a racing call meanwhile: nothing left to do here.
          if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
        }
      }
      const grace = new Date(at.getTime() - RECOVERY_GRACE_MS);
      let released = 0;
      const stale = await keys.reservedBefore(grace, BATCH);
      const owners = new Map(
        (await orders.findManyByIds([...new Set(stale.map((k) => k.orderId!))])).map((o) => [
          o._id.toHexString(),
          o.status,
        ]),
      );
      for (const orderId of new Set(stale.map((k) => k.orderId!.toHexString()))) {
        const status = owners.get(orderId);
        const oid = new ObjectId(orderId);
        if (status === 'review') await keys.holdForReview(oid);
        // Pending orders are cancelled above once their own deadline passes; approved ones are
        // delivered below.
        else if (status !== 'pending' && status !== 'approved') {
          released += await orderKeys.release(oid);
        }
      }
      let couponsReleased = 0;
      if (deps.coupons) {
        for (const order of await orders.couponReleaseDue(grace, BATCH)) {
          if (await decisions.releaseCoupon(order)) couponsReleased++;
        }
      }
      let delivered = 0;
      for (const order of await orders.undelivered(grace, BATCH)) {
        const after = await deliver(order, at, 'now');
        if (after.deliveredAt) delivered++;
      }
      if (cancelled || released || delivered || couponsReleased) {
        deps.log.info(
          { cancelled, released, delivered, couponsReleased },
          'order reservations swept',
        );
      }
      return { cancelled, released, delivered, couponsReleased };
    },
  };
}
