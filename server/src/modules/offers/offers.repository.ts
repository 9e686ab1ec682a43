import type { AnyBulkWriteOperation, Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { ActivationRegion, OfferStatus, RateCurrency, SyncPauseReason } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import type { OfferDoc, SupplierSourceDoc } from './offer-doc.ts';
import { supplierOfferQueries } from './supplier-offers.repository.ts';

export type {
  OfferDoc,
  OfferSourceDoc,
  OpenBatch,
  SupplierSourceDoc,
  SyncChange,
  UploadSourceDoc,
} from './offer-doc.ts';
import { countMatching } from '../../db/count.ts';

export const offerIndexes: IndexDescription[] = [
  // One offer per seller and product.
  { key: { productId: 1, sellerId: 1 }, unique: true },
  // A seller's offers by status; the dashboard's lowest stocks first.
  { key: { sellerId: 1, status: 1, stock: 1, _id: 1 } },
  // The seller dashboard's queues: sold-out and low-stock active offers, longest unchanged first.
  { key: { sellerId: 1, status: 1, updatedAt: 1, stock: 1 } },
  // The consoles' offer lists by date (same instant: by id): a seller's, a product's, the
  // admin's across sellers or by status.
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  // The public state counts live offers and ranks products by live stock.
  { key: { status: 1, stock: 1 } },
  // A rate change re-prices the offers whose price in that currency was converted.
  { key: { convertedCurrencies: 1 } },
  { key: { productId: 1, createdAt: -1, _id: -1 } },
  // The supplier sync reads a connection's offers, and finds the connections due a sync or a
  // stock check (each minute, on every instance: an index of the supplier offers alone).
  { key: { 'source.connectionId': 1, 'source.syncedAt': 1 }, sparse: true },
  {
    key: { 'source.syncedAt': 1 },
    partialFilterExpression: { 'source.kind': 'supplier' },
  },
  {
    key: { 'source.mode': 1, status: 1, 'source.syncedAt': 1 },
    partialFilterExpression: { 'source.kind': 'supplier' },
  },
];

/** A supplier source's fields only restocks write. */
const RESTOCK_FIELDS = new Set<string>([
  'batches',
  'openBatch',
] satisfies (keyof SupplierSourceDoc)[]);

const LIVE = { status: 'active', stock: { $gt: 0 }, sellerSuspended: { $ne: true } } as const;

/**
 * The lists sort by date only: each filter (seller, product, status) has its index by date, and
 * a sort by price, stock or status over a seller's or the whole marketplace's offers would be
 * one more index per filter, or a sort of every match in memory. Other columns answer by date.
 */
const SORTABLE = new Set(['createdAt']);

/** What the seller console's offer list filters on. */
export type OfferPageFilter = {
  id?: ObjectId[] | undefined;
  status?: OfferStatus | undefined;
  productId?: ObjectId | undefined;
  /** Units in stock between these, both inclusive (the home's "out of keys", "running low"). */
  stock?: { min?: number | undefined; max?: number | undefined } | undefined;
};

/** What the admin console's offer list filters on. */
export type AdminOfferPageFilter = OfferPageFilter & { sellerId?: string | undefined };

type OfferChange = Partial<
  Pick<
    OfferDoc,
    'prices' | 'convertedCurrencies' | 'zeroVat' | 'status' | 'source' | 'stock' | 'region'
  >
>;

function pageQuery(filter: AdminOfferPageFilter): Filter<OfferDoc> {
  const query: Filter<OfferDoc> = {};
  if (filter.id) query._id = { $in: filter.id };
  if (filter.sellerId) query.sellerId = filter.sellerId;
  if (filter.status) query.status = filter.status;
  if (filter.productId) query.productId = filter.productId;
  if (filter.stock && (filter.stock.min !== undefined || filter.stock.max !== undefined)) {
    query.stock = {
      ...(filter.stock.min !== undefined && { $gte: filter.stock.min }),
      ...(filter.stock.max !== undefined && { $lte: filter.stock.max }),
    };
  }
  return query;
}

/** The only code that touches the `offers` collection. */
export function createOfferRepository(db: Db) {
  const offers = db.collection<OfferDoc>('offers');

  async function page(filter: AdminOfferPageFilter, q: ListQuery) {
    const query = pageQuery(filter);
    const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
    const [rows, total] = await Promise.all([
      offers
        .find(query)
        // The tie-breaker follows the order, so one index serves both directions.
        .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
        .skip(q.skip)
        .limit(q.limit)
        .toArray(),
      countMatching(offers, query),
    ]);
    return { rows, total };
  }

  return {
    /** Inserts or refreshes the offer of a seller on a product (the seed's idempotent write). */
    upsert: (doc: Omit<OfferDoc, '_id'>) =>
      offers.findOneAndUpdate(
        { productId: doc.productId, sellerId: doc.sellerId },
        { $setOnInsert: doc },
        { upsert: true, returnDocument: 'after' },
      ),
    insert: (doc: OfferDoc) => offers.insertOne(doc),
    /** Offers from before regions (the regions migration): id and product, in id order. */
    withoutRegion: () =>
      offers
        .find({ region: { $exists: false } }, { projection: { _id: 1, productId: 1 } })
        .sort({ _id: 1 }),
    /** Gives these offers a region, where none was set meanwhile (a seller's choice wins). */
    setMissingRegion: (ids: ObjectId[], region: ActivationRegion) =>
      offers.updateMany({ _id: { $in: ids }, region: { $exists: false } }, { $set: { region } }),
    /** The seller's own offer; null for an unknown id and for another seller's offer alike. */
    findOwn: (id: ObjectId, sellerId: string) => offers.findOne({ _id: id, sellerId }),
    /** Changes fields of the seller's own offer; null when it is not theirs. */
    updateOwn: (id: ObjectId, sellerId: string, set: OfferChange) =>
      offers.findOneAndUpdate(
        { _id: id, sellerId },
        { $set: { ...set, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    /**
     * Changes the seller's own supplier-backed offer and its source, field by field but for its
     * restock batches (`batches`, `openBatch`), which only restocks move; null when not theirs.
     */
    updateOwnSupplier(id: ObjectId, sellerId: string, set: OfferChange, source: SupplierSourceDoc) {
      const sourceSet = Object.fromEntries(
        Object.entries(source)
          .filter(([field]) => !RESTOCK_FIELDS.has(field))
          .map(([field, value]) => [`source.${field}`, value]),
      );
      return offers.findOneAndUpdate(
        { _id: id, sellerId, 'source.kind': 'supplier' },
        { $set: { ...set, ...sourceSet, updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
    },
    findById: (id: ObjectId) => offers.findOne({ _id: id }),
    /** Any seller's offer changed (the admin's moderation); null for an unknown id. */
    update: (id: ObjectId, set: OfferChange) =>
      offers.findOneAndUpdate(
        { _id: id },
        { $set: { ...set, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    /** One page of a seller's offers. */
    pageOfSeller: (sellerId: string, q: ListQuery, filter: OfferPageFilter) =>
      page({ ...filter, sellerId }, q),
    /** One page of every seller's offers (the admin console). */
    page: (q: ListQuery, filter: AdminOfferPageFilter) => page(filter, q),
    /** The offers whose price in `currency` was converted from EUR: what a rate change moves. */
    convertedIn: (currency: RateCurrency) =>
      offers
        .find(
          { convertedCurrencies: currency },
          { projection: { _id: 1, productId: 1, prices: 1 } },
        )
        .toArray(),
    /**
     * Sets one currency's price of many offers, each only while its EUR price and conversion are
     * still those the new price was computed from (a seller's edit meanwhile wins).
     */
    async setConvertedPrices(
      currency: RateCurrency,
      updates: { id: ObjectId; eur: number; price: number }[],
    ): Promise<number> {
      if (!updates.length) return 0;
      const now = new Date();
      const ops: AnyBulkWriteOperation<OfferDoc>[] = updates.map((u) => ({
        updateOne: {
          filter: { _id: u.id, 'prices.eur': u.eur, convertedCurrencies: currency },
          update: { $set: { [`prices.${currency}`]: u.price, updatedAt: now } },
        },
      }));
      const res = await offers.bulkWrite(ops, { ordered: false });
      return res.modifiedCount;
    },
    setStock: (id: ObjectId, stock: number) =>
      offers.updateOne({ _id: id }, { $set: { stock, updatedAt: new Date() } }),
    /** Moves the stock by `delta` atomically: one key reserved (-1) or released (+1) by an order. */
    /** Takes one unit off the stock after a key was reserved; answers the stock left. */
    async decStock(id: ObjectId): Promise<number | null> {
      const after = await offers.findOneAndUpdate(
        { _id: id },
        { $inc: { stock: -1 }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after', projection: { stock: 1 } },
      );
      return after?.stock ?? null;
    },
    incStock: (id: ObjectId, delta: number) =>
      offers.updateOne({ _id: id }, { $inc: { stock: delta }, $set: { updatedAt: new Date() } }),
    /**
     * Takes `n` units of an on-demand offer's declared stock, only if it has them: false when it
     * does not (another buyer took them). Given back with `incStock(+n)`.
     */
    takeStock: async (id: ObjectId, n: number) =>
      (
        await offers.updateOne(
          { _id: id, stock: { $gte: n } },
          { $inc: { stock: -n }, $set: { updatedAt: new Date() } },
        )
      ).modifiedCount === 1,
    /**
     * Pauses an active supplier-backed offer whose purchase failed, as the sync would (the reason
     * in `pausedBySync`), so the next sync that finds it sellable brings it back.
     */
    pauseBySync: async (id: ObjectId, reason: SyncPauseReason) =>
      (
        await offers.updateOne(
          { _id: id, status: 'active', 'source.kind': 'supplier' },
          { $set: { status: 'paused', 'source.pausedBySync': reason, updatedAt: new Date() } },
        )
      ).modifiedCount === 1,
    liveOffersOf: (productId: ObjectId) => offers.find({ productId, ...LIVE }).toArray(),
    /** Live offers (active, in stock) of any of the products. */
    liveOffersOfMany: (productIds: ObjectId[]) =>
      offers.find({ productId: { $in: productIds }, ...LIVE }).toArray(),
    /** How many live offers there are and how many sellers they come from. */
    async liveStats(): Promise<{ offers: number; sellers: number }> {
      const [count, sellers] = await Promise.all([
        offers.countDocuments(LIVE),
        offers.distinct('sellerId', LIVE),
      ]);
      return { offers: count, sellers: sellers.length };
    },
    /**
     * Takes a seller's offers off sale (or puts them back); answers every product the seller
     * has an offer on, so the price ranges are refreshed again each time (a repeat after a
     * crash between the two writes completes them).
     */
    async setSellerSuspended(sellerId: string, suspended: boolean): Promise<ObjectId[]> {
      await offers.updateMany(
        { sellerId, sellerSuspended: { $ne: suspended } },
        { $set: { sellerSuspended: suspended, updatedAt: new Date() } },
      );
      return offers.distinct('productId', { sellerId });
    },
    ...supplierOfferQueries(offers),
    async bestStockedProductIds(limit: number): Promise<ObjectId[]> {
      const rows = await offers
        .aggregate<{ _id: ObjectId }>([
          { $match: LIVE },
          { $group: { _id: '$productId', stock: { $sum: '$stock' } } },
          { $sort: { stock: -1, _id: 1 } },
          { $limit: limit },
        ])
        .toArray();
      return rows.map((r) => r._id);
    },
  };
}
export type OfferRepository = ReturnType<typeof createOfferRepository>;
