import { ObjectId } from 'mongodb';
import {
  ADMIN_REASONS,
  canTransition,
  OrderPlaceSchema,
  ORDER_REASONS,
  reviewReason,
  summarize,
  vatTable,
  type AdminOrder,
  type AdminOrderAction,
  type AdminReason,
  type Attribution,
  type CategoryId,
  type Currency,
  type Order,
  type OrderActor,
  type OrderPlace,
  type OrderStatus,
  type PaymentProvider,
} from '@market/shared';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { Logger } from '../../logger.ts';
import { screen, type FraudConfig } from '../fraud/fraud-rules.ts';
import type { BlocklistRepository } from '../fraud/blocklist.repository.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyRepository } from '../keys/keys.repository.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OfferRepository } from '../offers/offers.repository.ts';
import type { ProductRepository } from '../products/products.repository.ts';
import type { UserRepository } from '../users/users.repository.ts';
import type { OrderDelivery } from './order-delivery.ts';
import type { OrderKeys } from './order-keys.ts';
import { createBuyerKeys } from './buyer-keys.ts';
import { toAdminOrder, toOrder, toSale } from './order-view.ts';
import {
  UNDELIVERED_STATUSES,
  type OrderDecisionDoc,
  type OrderDoc,
  type OrderItemDoc,
  type OrderPageFilter,
  type OrderRepository,
} from './orders.repository.ts';

const isUndelivered = (status: OrderStatus) =>
  (UNDELIVERED_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * The coupon side of placing an order (the cart slice's coupons, wired by the checkout): what a
 * code takes off each line, and counting its use once the order holds its keys. `quote` throws
 * an AppError (400/409) for a code that does not apply.
 */
export type OrderCoupons = {
  quote(input: {
    code: string;
    userId: string;
    currency: Currency;
    lines: Array<{ sellerId: string; categoryId: CategoryId; unitCents: number; quantity: number }>;
  }): Promise<{ code: string; perLine: number[] }>;
  redeem(code: string, userId: string, orderId: string): Promise<void>;
  /** Gives back the use `orderId` counted, if any; idempotent (recovery may repeat it). */
  release(orderId: string): Promise<void>;
};

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
  /** The client address's country, when a trusted proxy reports it. */
  ipCountry?: string | null;
};

export type OrderSettings = {
  /** How long keys stay reserved for an unpaid order. */
  reservationMinutes: number;
  /** The shop's VAT rate in basis points. */
  vatRateBps: number;
  fraud: FraudConfig;
  /**
   * The most a buyer's unpaid orders may hold at once (orders, key units), so nobody can keep
   * stock off sale by starting checkouts they never pay. An address gets four times as much:
   * a household or an office shares one.
   */
  holds: { orders: number; units: number };
};

/** How many buyers' worth of unpaid orders one client address may hold. */
const HOLDS_PER_ADDRESS = 4;

type Decider = { actor: OrderActor; reason: string; actorUid?: string | null };

/** Lost races and crashes are recovered only after this long (an in-flight request finishes first). */
const RECOVERY_GRACE_MS = 2 * 60_000;
const BATCH = 200;

/**
 * Orders: placing one (keys reserved one atomic update per unit), payments and fraud
 * screening, decisions along the transition table, delivery, expiry and recovery, and the
 * buyer's access to their keys (buyer-keys.ts). See README.md for the crash-safety rules.
 */
export function createOrderService(deps: {
  orders: OrderRepository;
  keys: KeyRepository;
  offers: OfferRepository;
  products: ProductRepository;
  users: UserRepository;
  blocklist: BlocklistRepository;
  ledger: LedgerRepository;
  orderKeys: OrderKeys;
  deliver: OrderDelivery;
  vault: KeyVault;
  log: Logger;
  settings: OrderSettings;
  coupons?: OrderCoupons | undefined;
  clock?: () => Date;
}) {
  const { orders, keys, offers, products, users, blocklist, ledger, orderKeys, deliver, vault } =
    deps;
  const { settings } = deps;

  /** Refuses an order that would take the buyer's (or the address's) unpaid holdings past the cap. */
  async function assertHoldsAllowed(
    units: number,
    user: { userId: string },
    address: { ip: string } | null,
  ) {
    const checks = [
      { by: user, times: 1 },
      ...(address ? [{ by: address, times: HOLDS_PER_ADDRESS }] : []),
    ];
    for (const { by, times } of checks) {
      const held = await deps.orders.unpaidHoldings(by);
      if (
        held.orders + 1 > settings.holds.orders * times ||
        held.units + units > settings.holds.units * times
      ) {
        throw new AppError('TOO_MANY_REQUESTS', {
          message: 'Unpaid orders already hold keys: pay or cancel them before starting another',
        });
      }
    }
  }
  const now = deps.clock ?? (() => new Date());

  const findOrder = async (id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await orders.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };
  const findOwn = async (userId: string, id: string) => {
    const oid = toObjectId(id);
    // Another buyer's order answers exactly like a missing one.
    const doc = oid && (await orders.findOwn(oid, userId));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  /** Builds the order's lines from live offers: prices from the offer, never from the client. */
  async function priceLines(input: ReturnType<typeof OrderPlaceSchema.parse>) {
    const merged = new Map<string, { index: number; quantity: number }>();
    input.lines.forEach((line, index) => {
      const current = merged.get(line.offerId.toLowerCase());
      merged.set(line.offerId.toLowerCase(), {
        index: current?.index ?? index,
        quantity: (current?.quantity ?? 0) + line.quantity,
      });
    });
    const vat = vatTable(settings.vatRateBps);
    const items: Array<OrderItemDoc & { index: number }> = [];
    for (const [offerId, { index, quantity }] of merged) {
      const offer = await offers.findById(new ObjectId(offerId));
      const product = offer && (await products.findById(offer.productId));
      if (!offer || !product || offer.status !== 'active' || offer.sellerSuspended) {
        throw new AppError('CONFLICT', {
          message: 'An item is no longer on sale',
          errors: { [`lines.${index}.offerId`]: 'No longer on sale' },
        });
      }
      if (offer.stock < quantity) {
        throw new AppError('CONFLICT', {
          message: `Not enough keys left for ${product.name.en}`,
          errors: {
            [`lines.${index}.quantity`]: offer.stock ? `Only ${offer.stock} left` : 'Out of stock',
          },
        });
      }
      items.push({
        index,
        _id: new ObjectId(),
        offerId: offer._id,
        productId: product._id,
        sellerId: offer.sellerId,
        name: product.name.en,
        categoryId: product.categoryId,
        region: product.region,
        quantity,
        unitPriceCents: offer.prices[input.currency],
        zeroVat: offer.zeroVat,
        vatRateBps: offer.zeroVat ? vat.zero : vat.standard,
        keyIds: [],
        deliveredCount: 0,
        discountCents: 0,
      });
    }
    return items;
  }

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
    return updated;
  }

  /** The facts fraud screening looks at, for a paid order. */
  async function screeningOf(order: OrderDoc, facts: PaymentFacts) {
    const since = new Date(now().getTime() - settings.fraud.velocityWindowMinutes * 60_000);
    const user = await users.findById(order.userId);
    const instrument = facts.instrument ?? null;
    const [byUser, byIp, byInstrument, blocklisted] = await Promise.all([
      orders.countSince({ userId: order.userId }, since),
      order.ip ? orders.countSince({ ip: order.ip }, since) : 1,
      instrument ? orders.countSince({ 'payment.instrument': instrument }, since) : 1,
      blocklist.matches({ email: order.email, ip: order.ip, instrument }),
    ]);
    return screen(
      {
        totalCents: order.totals.total,
        items: order.items.map((i) => ({ categoryId: i.categoryId, region: i.region })),
        user: {
          blocked: user?.blocked === true,
          accountAgeDays: user ? (now().getTime() - user.createdAt.getTime()) / 86_400_000 : 0,
        },
        recentOrders: { byUser, byIp, byInstrument },
        blocklisted,
        ipCountry: facts.ipCountry ?? null,
        paymentCountry: facts.country ?? null,
      },
      settings.fraud,
    );
  }

  /** The keys of these orders, fetched in one query. */
  const keysOf = async (docs: OrderDoc[]) => {
    const all = docs.length ? await keys.ofOrders(docs.map((d) => d._id)) : [];
    return (doc: OrderDoc) => all.filter((k) => k.orderId?.equals(doc._id));
  };

  return {
    decide,

    /**
     * Places an order for `user`: prices from the offers, the order written first (pending),
     * then one key reserved per unit. When a line runs short its keys go back and the answer is
     * 409 naming the line (`lines.<i>.quantity`); the order is cancelled by the System.
     */
    async placeOrder(args: {
      user: { uid: string; email: string | null };
      order: OrderPlace;
      attribution: Attribution;
      ip: string | null;
    }): Promise<Order> {
      const parsed = OrderPlaceSchema.safeParse(args.order);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', { errors: fieldErrors(parsed.error) });
      }
      const input = parsed.data;
      const items = await priceLines(input);
      await assertHoldsAllowed(
        items.reduce((n, i) => n + i.quantity, 0),
        { userId: args.user.uid },
        args.ip ? { ip: args.ip } : null,
      );
      if (
        items.some((i) => i.categoryId === 'accounts') &&
        !input.confirmations.purchaseAccountProduct
      ) {
        throw new AppError('VALIDATION_FAILED', {
          errors: {
            'confirmations.purchaseAccountProduct': 'Confirm the purchase of a game account',
          },
        });
      }
      let discounts = items.map(() => 0);
      let couponCode: string | null = null;
      if (input.couponCode) {
        if (!deps.coupons) {
          throw new AppError('VALIDATION_FAILED', {
            errors: { couponCode: 'Coupons are not available' },
          });
        }
        const quote = await deps.coupons.quote({
          code: input.couponCode,
          userId: args.user.uid,
          currency: input.currency,
          lines: items.map((i) => ({ ...i, unitCents: i.unitPriceCents })),
        });
        discounts = quote.perLine;
        couponCode = quote.code;
      }
      const totals = summarize(
        items.map((i, n) => ({
          unitCents: i.unitPriceCents,
          quantity: i.quantity,
          isZeroVat: i.zeroVat,
          discountCents: discounts[n] ?? 0,
        })),
        vatTable(settings.vatRateBps),
      );

      const at = now();
      const order: OrderDoc = {
        _id: new ObjectId(),
        number: await orders.nextNumber(),
        userId: args.user.uid,
        email: args.user.email ?? '',
        items: items.map(({ index: _, ...item }, n) => ({
          ...item,
          discountCents: discounts[n] ?? 0,
        })),
        currency: input.currency,
        totals: {
          subtotal: totals.subtotalCents,
          discount: totals.discountCents,
          vat: totals.vatIncludedCents,
          total: totals.totalCents,
        },
        couponCode,
        status: 'pending',
        decisions: [],
        attribution: args.attribution,
        ip: args.ip,
        reservationExpiresAt: new Date(at.getTime() + settings.reservationMinutes * 60_000),
        accountPurchaseConfirmedAt: input.confirmations.purchaseAccountProduct ? at : null,
        deliveredAt: null,
        refundedCents: 0,
        createdAt: at,
        updatedAt: at,
      };
      // Written before any key is touched: every reserved key names an order that exists.
      await orders.insert(order);
      const { short } = await orderKeys.reserve(
        order._id,
        order.items,
        order.reservationExpiresAt!,
      );
      if (short) {
        await decide(order, 'cancelled', { actor: 'System', reason: ORDER_REASONS.autoCancelled });
        const line = items[short.index]!;
        throw new AppError('CONFLICT', {
          message: `Not enough keys left for ${line.name}`,
          errors: {
            [`lines.${line.index}.quantity`]: short.available
              ? `Only ${short.available} left`
              : 'Out of stock',
          },
        });
      }
      if (couponCode)
        await deps.coupons!.redeem(couponCode, args.user.uid, order._id.toHexString());
      const keysHeld = await keys.ofOrder(order._id);
      return toOrder(order, keysHeld);
    },

    /** The checkout started a payment for the order: remembers its provider reference. */
    async attachPayment(orderId: string, provider: PaymentProvider, providerRef: string) {
      const order = await findOrder(orderId);
      const updated = await orders.setPayment(order._id, {
        provider,
        providerRef,
        captureId: null,
        status: 'created',
        amountCents: order.totals.total,
        currency: order.currency,
        instrument: null,
        country: null,
      });
      if (!updated) throw new AppError('CONFLICT', { message: 'The order is paid another way' });
    },

    /** The order a payment belongs to (a provider's return or webhook). */
    findByProviderRef: (providerRef: string) => orders.findByProviderRef(providerRef),

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
      const withPayment = await orders.setPayment(order._id, {
        provider: facts.provider,
        providerRef: facts.providerRef,
        captureId: facts.captureId,
        status: facts.status,
        amountCents: facts.amountCents,
        currency: facts.currency,
        instrument: facts.instrument ?? null,
        country: facts.country?.toUpperCase() ?? null,
      });
      if (!withPayment) {
        throw new AppError('CONFLICT', { message: 'The order is paid another way' });
      }
      failpoint('orders.afterPaymentRecorded');
      if (withPayment.status !== 'pending') {
        return { order: withPayment, refund: captured && withPayment.status === 'cancelled' };
      }
      let outcome: { status: OrderStatus; reason: string };
      if (!captured) outcome = { status: 'declined', reason: ORDER_REASONS.paymentFailed };
      else if (facts.amountCents !== order.totals.total || facts.currency !== order.currency) {
        outcome = { status: 'review', reason: reviewReason('amount paid differs from the total') };
      } else outcome = await screeningOf(withPayment, facts);
      try {
        const decided = await decide(withPayment, outcome.status, { actor: 'System', ...outcome });
        return { order: decided, refund: false };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
        // Another call decided first (or expiry won): answer what happened.
        const current = await findOrder(orderId);
        return { order: current, refund: captured && current.status === 'cancelled' };
      }
    },

    /** An admin's decision (approve / decline / cancel), with a reason from the table. */
    async decideAsAdmin(
      orderId: string,
      action: AdminOrderAction,
      reason: AdminReason | undefined,
      actorUid: string,
    ): Promise<AdminOrder> {
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
      const decided = await decide(order, to, { actor: 'Admin', reason: chosen, actorUid });
      return toAdminOrder(decided, await keys.ofOrder(decided._id));
    },

    /**
     * The expiry job: pending orders past their deadline are cancelled by the System and their
     * keys go back; then recovery (README.md): stale reservations follow their order's status,
     * and approvals a crash interrupted are delivered. Safe to run twice or concurrently.
     */
    async expireReservations(at: Date = now()) {
      let cancelled = 0;
      for (const order of await orders.expiredPending(at, BATCH)) {
        try {
          await decide(order, 'cancelled', {
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
          if (await releaseCoupon(order)) couponsReleased++;
        }
      }
      let delivered = 0;
      for (const order of await orders.undelivered(grace, BATCH)) {
        await deliver(order, at);
        delivered++;
      }
      if (cancelled || released || delivered || couponsReleased) {
        deps.log.info(
          { cancelled, released, delivered, couponsReleased },
          'order reservations swept',
        );
      }
      return { cancelled, released, delivered, couponsReleased };
    },

    async listOwn(userId: string, q: ListQuery, status?: OrderStatus) {
      const { rows, total } = await orders.page(q, { userId, status });
      const keysFor = await keysOf(rows);
      return { rows: rows.map((doc) => toOrder(doc, keysFor(doc))), total };
    },
    async getOwn(userId: string, id: string): Promise<Order> {
      const doc = await findOwn(userId, id);
      return toOrder(doc, await keys.ofOrder(doc._id));
    },

    async adminList(
      q: ListQuery,
      filter: Omit<OrderPageFilter, 'id'> & { id?: string | string[] | undefined },
    ) {
      const { rows, total } = await orders.page(q, {
        ...filter,
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
      });
      const keysFor = await keysOf(rows);
      return { rows: rows.map((doc) => toAdminOrder(doc, keysFor(doc))), total };
    },
    async adminGet(id: string): Promise<AdminOrder> {
      const doc = await findOrder(id);
      return toAdminOrder(doc, await keys.ofOrder(doc._id));
    },

    async sales(sellerId: string, q: ListQuery, status?: OrderStatus) {
      const { rows, total } = await orders.salesPage(sellerId, q, status);
      return { rows: rows.map((row) => toSale(row, row.items)), total };
    },
    balance: (sellerId: string) => ledger.balanceOf(sellerId),

    ...createBuyerKeys({ orders, keys, vault, clock: now }),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
