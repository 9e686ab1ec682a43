import type { AnyBulkWriteOperation, Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type {
  Currency,
  OfferStatus,
  RateCurrency,
  SupplierId,
  SupplierPricing,
  SupplyMode,
  SyncPauseReason,
} from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import type { UnitCost } from './supplier-pricing.ts';

/** A stocked offer's restock batch being bought: `stock:<offerId>:<n>` at the supplier. */
export type OpenBatch = { n: number; quantity: number; openedAt: Date };

/**
 * Where a supplier-backed offer's keys come from, its pricing rule, and what the last sync
 * found. Prices, declared stock (on demand) and `pausedBySync` are the sync's to write.
 */
export type SupplierSourceDoc = {
  kind: 'supplier';
  supplier: SupplierId;
  /** The seller's connection (`supplierConnections`) the keys are bought through. */
  connectionId: string;
  sku: string;
  mode: SupplyMode;
  /** On demand: the most units declared. Null for stocked offers (their keys are the stock). */
  stockCap: number | null;
  /** The most one unit may cost, cents of the supplier's currency (`cost.currency`). */
  costCeiling: number;
  pricing: SupplierPricing;
  /** The supplier's unit price at the last sync. */
  cost: UnitCost;
  /** Units the supplier had at the last sync. */
  supplierQuantity: number;
  syncedAt: Date;
  /** Set while the sync holds the offer paused; a sync that finds it sellable again lifts it. */
  pausedBySync: SyncPauseReason | null;
  /**
   * Bumped by every change a seller makes to the offer: a sync computed from an older version
   * does not write (the next one starts from the new rule).
   */
  rev: number;
  /** Stocked: restock batches opened so far. */
  batches: number;
  /** Stocked: the batch being bought, until every code of it is stored; a restock resumes it. */
  openBatch: OpenBatch | null;
  /** Stocked: the unit price the last batch paid; prices never go below it. */
  paidCost: UnitCost | null;
};

/** Keys the seller uploads. Offers from before suppliers have no `source`: they are these. */
export type UploadSourceDoc = { kind: 'upload' };
export type OfferSourceDoc = UploadSourceDoc | SupplierSourceDoc;

export type OfferDoc = {
  _id: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** Integer cents per currency. */
  prices: Record<Currency, number>;
  /**
   * The prices computed from EUR with the exchange rates, re-priced when a rate changes.
   * Absent on offers from before exchange rates: none of their prices follow the rates.
   */
  convertedCurrencies?: RateCurrency[];
  /**
   * Units on sale: the count of `available` keys; for an on-demand supplier offer, what the
   * supplier can deliver (capped) plus any available keys, as the sync declares it.
   */
  stock: number;
  zeroVat: boolean;
  status: OfferStatus;
  /**
   * Set while the seller is not in good standing (suspended): the offer is off sale whatever
   * its status, and reinstating clears it, leaving the status the seller or an admin gave.
   */
  sellerSuspended?: boolean;
  /** Absent: uploaded keys. */
  source?: OfferSourceDoc;
  createdAt: Date;
  updatedAt: Date;
};

export const offerIndexes: IndexDescription[] = [
  // One offer per seller and product.
  { key: { productId: 1, sellerId: 1 }, unique: true },
  { key: { sellerId: 1, status: 1 } },
  // The public state counts live offers and ranks products by live stock.
  { key: { status: 1, stock: 1 } },
  // A rate change re-prices the offers whose price in that currency was converted.
  { key: { convertedCurrencies: 1 } },
  // The admin console lists offers across sellers, newest first, often for one product.
  { key: { productId: 1, createdAt: -1 } },
  // The supplier sync reads a connection's offers, and finds the connections due a sync.
  { key: { 'source.connectionId': 1, 'source.syncedAt': 1 }, sparse: true },
];

/** A supplier source's fields only restocks write. */
const RESTOCK_FIELDS = new Set<string>([
  'batches',
  'openBatch',
] satisfies (keyof SupplierSourceDoc)[]);

const LIVE = { status: 'active', stock: { $gt: 0 }, sellerSuspended: { $ne: true } } as const;

const SORTABLE = new Set([
  'createdAt',
  'status',
  'stock',
  'zeroVat',
  'prices.eur',
  'prices.usd',
  'prices.gbp',
]);

/** What the seller console's offer list filters on. */
export type OfferPageFilter = {
  id?: ObjectId[] | undefined;
  status?: OfferStatus | undefined;
  productId?: ObjectId | undefined;
};

/** What the admin console's offer list filters on. */
export type AdminOfferPageFilter = OfferPageFilter & { sellerId?: string | undefined };

type OfferChange = Partial<
  Pick<OfferDoc, 'prices' | 'convertedCurrencies' | 'zeroVat' | 'status' | 'source' | 'stock'>
>;

/** What a supplier sync writes on an offer. */
export type SyncChange = Pick<OfferDoc, 'prices' | 'status'> & {
  stock?: number;
  source: Pick<SupplierSourceDoc, 'cost' | 'supplierQuantity' | 'syncedAt' | 'pausedBySync'>;
};

function pageQuery(filter: AdminOfferPageFilter): Filter<OfferDoc> {
  const query: Filter<OfferDoc> = {};
  if (filter.id) query._id = { $in: filter.id };
  if (filter.sellerId) query.sellerId = filter.sellerId;
  if (filter.status) query.status = filter.status;
  if (filter.productId) query.productId = filter.productId;
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
        .sort({ [field]: q.sort?.order ?? -1, _id: 1 })
        .skip(q.skip)
        .limit(q.limit)
        .toArray(),
      offers.countDocuments(query),
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
    // Supplier-backed offers: the sync and restocks.

    /** A connection's supplier-backed offers. */
    ofConnection: (connectionId: string) =>
      offers.find({ 'source.kind': 'supplier', 'source.connectionId': connectionId }).toArray(),
    /** The connections with an offer last synced before `before`: those due a sync. */
    connectionsDue: (before: Date) =>
      offers.distinct('source.connectionId', {
        'source.kind': 'supplier',
        'source.syncedAt': { $lt: before },
      }) as Promise<string[]>,
    /**
     * Writes what a sync found, unless the seller changed the offer (`source.rev`) or its status
     * since the sync read it: false then, and the next sync starts from the seller's version.
     */
    async applySync(
      offer: Pick<OfferDoc, '_id' | 'status'> & { source: Pick<SupplierSourceDoc, 'rev'> },
      change: SyncChange,
    ): Promise<boolean> {
      const res = await offers.updateOne(
        { _id: offer._id, status: offer.status, 'source.rev': offer.source.rev },
        {
          $set: {
            prices: change.prices,
            status: change.status,
            ...(change.stock !== undefined && { stock: change.stock }),
            'source.cost': change.source.cost,
            'source.supplierQuantity': change.source.supplierQuantity,
            'source.syncedAt': change.source.syncedAt,
            'source.pausedBySync': change.source.pausedBySync,
            updatedAt: new Date(),
          },
        },
      );
      return res.matchedCount === 1;
    },
    /**
     * Opens the next restock batch (`batches + 1`) of a stocked offer: null when a batch is open
     * or another restock opened one since `batches` was read (the caller resumes that one).
     */
    openBatch: (id: ObjectId, batches: number, quantity: number, openedAt: Date) =>
      offers.findOneAndUpdate(
        {
          _id: id,
          'source.kind': 'supplier',
          'source.mode': 'stocked',
          'source.batches': batches,
          'source.openBatch': null,
        },
        {
          $set: {
            'source.batches': batches + 1,
            'source.openBatch': { n: batches + 1, quantity, openedAt },
            updatedAt: new Date(),
          },
        },
        { returnDocument: 'after' },
      ),
    /** Drops restock batch `n`, which bought nothing (the supplier refused); its number is spent. */
    abandonBatch: (id: ObjectId, n: number) =>
      offers.updateOne(
        { _id: id, 'source.openBatch.n': n },
        { $set: { 'source.openBatch': null, updatedAt: new Date() } },
      ),
    /** Closes restock batch `n` once every code of it is stored, with what it paid per unit. */
    closeBatch: (id: ObjectId, n: number, paidCost: UnitCost) =>
      offers.updateOne(
        { _id: id, 'source.openBatch.n': n },
        { $set: { 'source.openBatch': null, 'source.paidCost': paidCost, updatedAt: new Date() } },
      ),
    /** Ids of the products with the most keys on live offers, most first. */
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
