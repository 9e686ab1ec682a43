import type { Db, Filter, ObjectId } from 'mongodb';
import type { OrderStatus, PaymentProvider } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import {
  UNDELIVERED_STATUSES,
  type OrderDecisionDoc,
  type OrderDoc,
  type OrderItemDoc,
  type OrderPaymentDoc,
} from './order-doc.ts';
import { countMatching } from '../../db/count.ts';

export { orderIndexes } from './order-indexes.ts';

/** What the admin console's order list filters on. */
export type OrderPageFilter = {
  id?: ObjectId[] | undefined;
  status?: OrderStatus | undefined;
  userId?: string | undefined;
  sellerId?: string | undefined;
  provider?: PaymentProvider | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
};

/**
 * The admin list sorts by date only: each of its filters has an index by date, where a sort by
 * status, number or total over every order would sort them all in memory.
 */
const SORTABLE = new Set(['createdAt']);
type SaleIds = Record<'orders' | 'items', ObjectId[]>;

function pageQuery(f: OrderPageFilter): Filter<OrderDoc> {
  const query: Filter<OrderDoc> = {};
  if (f.id) query._id = { $in: f.id };
  if (f.status) query.status = f.status;
  if (f.userId) query.userId = f.userId;
  if (f.sellerId) query['items.sellerId'] = f.sellerId;
  if (f.provider) query['payment.provider'] = f.provider;
  if (f.createdFrom || f.createdTo) {
    query.createdAt = {
      ...(f.createdFrom && { $gte: f.createdFrom }),
      ...(f.createdTo && { $lte: f.createdTo }),
    };
  }
  return query;
}

/** The only code that touches the `orders` and `orderCounters` collections. */
export function createOrderRepository(db: Db) {
  const orders = db.collection<OrderDoc>('orders');
  const counters = db.collection<{ _id: string; seq: number }>('orderCounters');

  return {
    /** The next order number, from one atomic counter: short, increasing and unique. */
    async nextNumber(): Promise<string> {
      const doc = await counters.findOneAndUpdate(
        { _id: 'orders' },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      return String(100_000 + doc!.seq);
    },
    insert: (doc: OrderDoc) => orders.insertOne(doc),
    findById: (id: ObjectId) => orders.findOne({ _id: id }),
    /** The buyer's own order; null for another's (answered like a missing one). */
    findOwn: (id: ObjectId, userId: string) => orders.findOne({ _id: id, userId }),
    findByProviderRef: (providerRef: string) =>
      orders.findOne({ 'payment.providerRef': providerRef }),
    setItemKeys: (id: ObjectId, items: OrderItemDoc[]) =>
      orders.updateOne({ _id: id }, { $set: { items, updatedAt: new Date() } }),
    /**
     * Moves the order from `from` to a new status and records the decision, in one conditional
     * update: of two racing decisions only one matches. Null when the order is not in `from`.
     */
    transition: (
      id: ObjectId,
      from: OrderStatus,
      decision: OrderDecisionDoc,
      set: Partial<Pick<OrderDoc, 'items' | 'couponReleaseDue' | 'chargeback'>> = {},
    ) =>
      orders.findOneAndUpdate(
        { _id: id, status: from },
        {
          $set: { ...set, status: decision.status, updatedAt: decision.at },
          $push: { decisions: decision },
          // A decision that does not owe a coupon use back (a re-approval) clears an older one.
          $unset: {
            reservationExpiresAt: '',
            ...(!set.couponReleaseDue && { couponReleaseDue: '' }),
          },
        },
        { returnDocument: 'after' },
      ),
    /**
     * Records the payment on the order: a first one, news of the same one, or a new attempt
     * replacing one the buyer never completed while the order still waits. Null otherwise.
     */
    /** `extra`: what the payment settles besides (the tax record's evidence). */
    setPayment: (id: ObjectId, payment: OrderPaymentDoc, extra: Pick<OrderDoc, 'tax'> = {}) =>
      orders.findOneAndUpdate(
        {
          _id: id,
          $or: [
            { payment: { $exists: false } },
            { 'payment.providerRef': payment.providerRef },
            { status: 'pending', 'payment.status': 'created' },
          ],
        },
        { $set: { payment, ...extra, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    /** Records that a line holds `n` units of its on-demand offer's declared stock. */
    holdDeclared: (id: ObjectId, itemId: ObjectId, n: number) =>
      orders.updateOne(
        { _id: id, 'items._id': itemId },
        { $set: { 'items.$.declaredUnits': n, updatedAt: new Date() } },
      ),
    /**
     * Clears a line's hold on declared stock, once: answers how many units it held (0 when it
     * held none or a racing call cleared it), for the caller to give back to the offer.
     */
    async releaseDeclared(id: ObjectId, itemId: ObjectId): Promise<number> {
      const before = await orders.findOneAndUpdate(
        { _id: id, items: { $elemMatch: { _id: itemId, declaredUnits: { $gt: 0 } } } },
        { $set: { 'items.$.declaredUnits': 0, updatedAt: new Date() } },
        { returnDocument: 'before' },
      );
      return before?.items.find((i) => i._id.equals(itemId))?.declaredUnits ?? 0;
    },
    setDelivered: (id: ObjectId, items: OrderItemDoc[], at: Date) =>
      orders.updateOne(
        { _id: id, status: 'approved' },
        { $set: { items, deliveredAt: at, updatedAt: at } },
      ),
    /** Pending orders whose reservation ran out. */
    expiredPending: (now: Date, limit: number) =>
      orders
        // A recorded capture is decided (settlement), never expired: the buyer has paid.
        .find({
          status: 'pending',
          reservationExpiresAt: { $lt: now },
          'payment.status': { $ne: 'captured' },
        })
        .limit(limit)
        .toArray(),
    /** Approved orders whose delivery did not finish (a crash midway), decided before `before`. */
    undelivered: (before: Date, limit: number) =>
      orders
        .find({ status: 'approved', deliveredAt: null, updatedAt: { $lt: before } })
        .limit(limit)
        .toArray(),
    /**
     * Claims lines of an approved order for a refund, in one conditional update: refused (null)
     * when the order is not approved or any of the lines is claimed already.
     */
    claimRefund: (id: ObjectId, itemIds: ObjectId[], refundId: ObjectId) =>
      orders.findOneAndUpdate(
        {
          _id: id,
          status: 'approved',
          items: { $not: { $elemMatch: { _id: { $in: itemIds }, refundId: { $exists: true } } } },
        },
        { $set: { 'items.$[line].refundId': refundId, updatedAt: new Date() } },
        { arrayFilters: [{ 'line._id': { $in: itemIds } }], returnDocument: 'after' },
      ),
    /**
     * A defective key's replacement joins its line (claims): the line's refund then takes it back
     * too. `$addToSet`: a repeated call adds nothing.
     */
    addLineKey: (id: ObjectId, itemId: ObjectId, keyId: ObjectId) =>
      orders.updateOne(
        { _id: id },
        { $addToSet: { 'items.$[line].keyIds': keyId }, $set: { updatedAt: new Date() } },
        { arrayFilters: [{ 'line._id': itemId }] },
      ),
    /** Gives back the lines of a refund the provider refused. */
    releaseRefund: (id: ObjectId, refundId: ObjectId) =>
      orders.updateOne(
        { _id: id },
        { $unset: { 'items.$[line].refundId': '' }, $set: { updatedAt: new Date() } },
        { arrayFilters: [{ 'line.refundId': refundId }] },
      ),
    /**
     * Records a refund that went through on its lines and the order's total, once: a
     * compare-and-set on the lines as read (a concurrent change makes it read again), matching
     * only while the refund's first line has no `refundedAt`. False when it was recorded before.
     */
    async completeRefund(
      id: ObjectId,
      refundId: ObjectId,
      lines: Array<{ itemId: ObjectId; cents: number }>,
      at: Date,
    ): Promise<boolean> {
      const cents = new Map(lines.map((l) => [l.itemId.toHexString(), l.cents]));
      for (let attempt = 0; attempt < 10; attempt++) {
        const doc = await orders.findOne({ _id: id });
        const first = doc?.items.find((i) => i._id.equals(lines[0]!.itemId));
        if (!doc || !first?.refundId?.equals(refundId) || first.refundedAt) return false;
        const items = doc.items.map((item) => {
          const refunded = cents.get(item._id.toHexString());
          return refunded === undefined
            ? item
            : { ...item, refundedCents: refunded, refundedAt: at };
        });
        const res = await orders.updateOne(
          { _id: id, items: doc.items },
          {
            $set: { items, updatedAt: at },
            $inc: { refundedCents: lines.reduce((sum, l) => sum + l.cents, 0) },
          },
        );
        if (res.matchedCount) return true;
      }
      throw new Error('the order kept changing while its refund was recorded');
    },
    /** The refunded total of an order whose whole capture went back (it could not be delivered). */
    setRefunded: (id: ObjectId, cents: number) =>
      orders.updateOne(
        { _id: id, refundedCents: 0 },
        { $set: { refundedCents: cents, updatedAt: new Date() } },
      ),
    /**
     * Orders decided before `before` that hold a captured payment they will never deliver for,
     * none of it given back yet (a crash came between the decision and the refund).
     */
    owingRefund: (before: Date, limit: number) =>
      orders
        .find({
          'payment.status': 'captured',
          status: { $in: [...UNDELIVERED_STATUSES] },
          refundedCents: 0,
          refundRefusedAt: { $exists: false },
          updatedAt: { $lt: before },
        })
        .limit(limit)
        .toArray(),
    /** Undelivered orders decided before `before` whose coupon use is still to be given back. */
    couponReleaseDue: (before: Date, limit: number) =>
      orders
        .find({ couponReleaseDue: true, updatedAt: { $lt: before } })
        .limit(limit)
        .toArray(),
    /** The order's coupon use went back. */
    couponReleased: (id: ObjectId) =>
      orders.updateOne({ _id: id }, { $unset: { couponReleaseDue: '' } }),
    /** The provider refused the refund of an undelivered order's capture: for a person now. */
    markRefundRefused: (id: ObjectId, at: Date) =>
      orders.updateOne({ _id: id }, { $set: { refundRefusedAt: at, updatedAt: at } }),
    /** Every effect of the order's chargeback is done. */
    chargebackSettled: (id: ObjectId, at: Date) =>
      orders.updateOne(
        { _id: id, status: 'charged_back' },
        { $set: { 'chargeback.settledAt': at, updatedAt: at } },
      ),
    /** Chargebacks recorded before `before` whose effects a crash (or the provider) left undone. */
    unsettledChargebacks: (before: Date, limit: number) =>
      orders
        .find({
          status: 'charged_back',
          'chargeback.settledAt': { $exists: false },
          updatedAt: { $lt: before },
        })
        .limit(limit)
        .toArray(),
    /** Orders waiting for a payment started before `before`: the reconciliation's work list. */
    unsettled: (before: Date, limit: number) =>
      orders
        // `captured`: a crash came between recording the capture and deciding.
        .find({
          status: 'pending',
          'payment.status': { $in: ['created', 'captured'] },
          updatedAt: { $lt: before },
        })
        .limit(limit)
        .toArray(),
    /** Number, lines' names and chargeback of these orders, in one query (a seller's refunds). */
    summariesByIds: (ids: ObjectId[]) =>
      orders
        .find(
          { _id: { $in: ids } },
          { projection: { number: 1, 'items._id': 1, 'items.name': 1, chargeback: 1 } },
        )
        .toArray() as Promise<
        Array<
          Pick<OrderDoc, '_id' | 'number' | 'chargeback'> & {
            items: Array<Pick<OrderItemDoc, '_id' | 'name'>>;
          }
        >
      >,
    /** Delivered orders placed in [from, to) (their tax record, if any): the OSS report's sales. */
    taxedBetween: (from: Date, to: Date) =>
      orders
        .find(
          { status: 'approved', createdAt: { $gte: from, $lt: to } },
          { projection: { currency: 1, tax: 1, items: 1, createdAt: 1 } },
        )
        .toArray() as Promise<Array<Pick<OrderDoc, '_id' | 'currency' | 'tax' | 'items'>>>,
    findManyByIds: (ids: ObjectId[]) =>
      orders.find({ _id: { $in: ids } }, { projection: { status: 1 } }).toArray(),
    /**
     * The unpaid orders (and their units) the buyer holds, and those placed from the address
     * when one is given: one query, each side answered by its own index.
     */
    async unpaidHoldings(userId: string, ip: string | null) {
      const unpaid = await orders
        .find(
          { status: 'pending', $or: [{ userId }, ...(ip === null ? [] : [{ ip }])] },
          { projection: { userId: 1, ip: 1, 'items.quantity': 1 } },
        )
        .toArray();
      const held = (mine: (o: (typeof unpaid)[number]) => boolean) => {
        const theirs = unpaid.filter(mine);
        const units = theirs.flatMap((o) => o.items).reduce((n, item) => n + item.quantity, 0);
        return { orders: theirs.length, units };
      };
      return {
        user: held((o) => o.userId === userId),
        address: ip === null ? null : held((o) => o.ip === ip),
      };
    },
    /** Approved orders with lines of any of the sellers, created since `since` (webhook sweep). */
    approvedOfSellersSince: (sellerIds: string[], since: Date, limit: number) =>
      orders
        .find({
          'items.sellerId': { $in: sellerIds },
          status: 'approved',
          createdAt: { $gte: since },
        })
        .sort({ createdAt: 1 })
        .limit(limit)
        .toArray(),
    /** Orders created since `since` by the user, from the address, or with the instrument. */
    countSince: (
      by: { userId: string } | { ip: string } | { 'payment.instrument': string },
      since: Date,
    ) => orders.countDocuments({ ...by, createdAt: { $gte: since } }),
    /** A page of the seller's order lines (one row per line); `ids`: getMany's orders and lines. */
    async salesPage(sellerId: string, q: ListQuery, status?: OrderStatus, ids?: SaleIds) {
      const order = q.sort?.field === 'createdAt' ? q.sort.order : -1;
      const byId = ids && { _id: { $in: ids.orders } };
      const match = { $match: { 'items.sellerId': sellerId, ...(status && { status }), ...byId } };
      const line = { 'items.sellerId': sellerId, ...(ids && { 'items._id': { $in: ids.items } }) };
      const lines = [{ $unwind: '$items' }, { $match: line }];
      const [rows, counted] = await Promise.all([
        orders
          .aggregate<
            Pick<OrderDoc, '_id' | 'number' | 'currency' | 'status' | 'createdAt'> & {
              items: OrderItemDoc;
            }
          >([
            // Orders sorted before their lines are unwound: read off the seller's index by date
            // and stopped after the page (an order's lines stay together, in its place).
            match,
            { $sort: { createdAt: order, _id: order } },
            ...lines,
            { $skip: q.skip },
            { $limit: q.limit },
            { $project: { number: 1, currency: 1, status: 1, createdAt: 1, items: 1 } },
          ])
          .toArray(),
        orders.aggregate<{ n: number }>([match, ...lines, { $count: 'n' }]).toArray(),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },
    async page(q: ListQuery, filter: OrderPageFilter) {
      const query = pageQuery(filter);
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        orders
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(orders, query),
      ]);
      return { rows, total };
    },
    /** A buyer's orders, newest first (their data export). */
    ofUser: (userId: string) => orders.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),
    /** A buyer's orders still under way: awaiting payment or a decision. */
    countOpen: (userId: string) =>
      orders.countDocuments({ userId, status: { $in: ['pending', 'review'] } }),
    /** Erasure: the orders stay (invoicing), the buyer's address and network address go. */
    anonymiseBuyer: (userId: string, email: string) =>
      orders.updateMany({ userId }, { $set: { email, ip: null } }),
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
