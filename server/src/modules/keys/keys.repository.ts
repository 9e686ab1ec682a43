import {
  MongoBulkWriteError,
  MongoServerError,
  type Db,
  type Filter,
  type FindCursor,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import {
  KEY_STATUSES,
  type KeyCodeKind,
  type KeyCounts,
  type KeyStatus,
  type SupplierId,
} from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { defectiveKeyQueries } from './defective-keys.ts';
import { countMatching } from '../../db/count.ts';

// The statuses live in shared (the consoles filter on them); kept importable from here.
export { KEY_STATUSES, type KeyStatus };

export type KeyDoc = {
  _id: ObjectId;
  offerId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** Keyed hash of the code: the marketplace-wide uniqueness check never sees plaintext. */
  hash: string;
  /**
   * The code, encrypted (see key-vault.ts): a text code as it is, an image code as its bytes in
   * base64. Never leaves the server except to its buyer (and an admin's audited reveal).
   */
  secret: string;
  /**
   * `image`: a scanned card a supplier delivered (only supplier codes are images). Absent on text
   * codes, uploads and every key from before images, so no migration is needed.
   */
  kind?: KeyCodeKind;
  /** An image code's MIME type and file name as the supplier gave them (the image is sealed). */
  image?: { mimeType: string; filename: string };
  status: KeyStatus;
  source: 'upload' | 'supplier';
  /**
   * A bought key (`source: 'supplier'`): the supplier, its id for the purchase and our reference
   * (`stock:<offerId>:<batch>`, `<orderId>:<line>:<unit>`), so a bad batch can be traced and
   * every key of it found.
   */
  supplier?: SupplierId;
  supplierPurchaseId?: string;
  supplierClientRef?: string;
  createdAt: Date;
  /**
   * The order holding the key, written in the same atomic update that reserves it, so recovery
   * always finds it. Cleared when a reservation is released; kept for good once sold.
   */
  orderId?: ObjectId;
  /** A reservation's deadline (the order's); past it, an unpaid order's keys go back to stock. */
  reservedUntil?: Date;
  soldAt?: Date;
  /** The buyer's first reveal (or account claim): their EU right of withdrawal ends there. */
  revealedAt?: Date;
  /**
   * An admin's first reveal of the sold key (audited). Not the buyer's: their right of withdrawal
   * stands; but a seen code never goes back on sale (see `NEVER_SEEN`).
   */
  revealedByAdminAt?: Date;
  /** The buyer's express waiver of the right of withdrawal, given with the first reveal. */
  withdrawalWaivedAt?: Date;
  /** Game accounts: the one time the buyer claimed the credentials (`claimAccountInfo`). */
  claimedAt?: Date;
  /**
   * Set when re-hashing (rehash-keys.ts) found this key's code in an earlier key: the id of that
   * key. The unique hash stays the earlier key's; this one's hash carries its id as a suffix.
   */
  duplicateOf?: ObjectId;
  /** A buyer's claim found the key defective and it was replaced (`defective-keys.ts`). */
  defectiveAt?: Date;
};

/**
 * A key nobody has seen: neither its buyer (reveal, account claim) nor an admin (audited reveal).
 * The one predicate deciding whether a refunded key may go back on sale.
 */
const NEVER_SEEN = {
  revealedAt: { $exists: false },
  revealedByAdminAt: { $exists: false },
} as const satisfies Filter<KeyDoc>;

/** A key as re-hashing reads it: its sealed code, and who holds it. */
export type RehashKeyDoc = Pick<
  KeyDoc,
  '_id' | 'hash' | 'secret' | 'kind' | 'createdAt' | 'sellerId' | 'offerId' | 'productId' | 'status'
>;

/** A key as the order code handles it: never the hash, the code only when asked for. */
export type OrderKeyDoc = Pick<
  KeyDoc,
  | '_id'
  | 'offerId'
  | 'productId'
  | 'status'
  | 'orderId'
  | 'revealedAt'
  | 'claimedAt'
  | 'withdrawalWaivedAt'
>;
const ORDER_KEY_FIELDS = {
  _id: 1,
  offerId: 1,
  productId: 1,
  status: 1,
  orderId: 1,
  revealedAt: 1,
  claimedAt: 1,
  withdrawalWaivedAt: 1,
} as const;

export const keyIndexes: IndexDescription[] = [
  // A key present anywhere in the marketplace, in any status, is refused a second time.
  { key: { hash: 1 }, unique: true },
  // Allocation claims the next available key of an offer.
  { key: { offerId: 1, status: 1 } },
  // The consoles' key lists: a seller's keys, an offer's or a product's, by date (either way,
  // entries of the same instant by id).
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  { key: { offerId: 1, createdAt: -1, _id: -1 } },
  { key: { productId: 1, createdAt: -1, _id: -1 } },
  // An order's keys: delivery, release and the buyer's reveal.
  { key: { orderId: 1 }, sparse: true },
  // Recovery finds reservations past their deadline.
  { key: { status: 1, reservedUntil: 1 } },
  // Every key of a supplier's purchase: a bad batch is quarantined at once.
  { key: { supplierPurchaseId: 1 }, sparse: true },
];

/** What the consoles' key lists filter on (a seller's list always sets `sellerId`). */
export type KeyPageFilter = {
  id?: ObjectId[] | undefined;
  offerId?: ObjectId | undefined;
  productId?: ObjectId | undefined;
  sellerId?: string | undefined;
  status?: KeyStatus | undefined;
  orderId?: ObjectId | undefined;
};

/** Sorted by date only: each filter has its index by date (another column would sort every match in memory). */
const SORTABLE = new Set(['createdAt']);

const noKeys = (): KeyCounts => ({ available: 0, reserved: 0, sold: 0, refunded: 0, revoked: 0 });

/** The only code that touches the `keys` collection. */
export function createKeyRepository(db: Db) {
  const keys = db.collection<KeyDoc>('keys');
  return {
    ...defectiveKeyQueries(db.collection('keys')),
    /**
     * Inserts keys, skipping any whose hash exists already (E11000 on the unique `hash` index);
     * returns how many went in and the hashes of those skipped. Any other write error is thrown.
     */
    async insertNew(
      docs: Omit<KeyDoc, '_id'>[],
    ): Promise<{ inserted: number; skippedHashes: string[] }> {
      if (!docs.length) return { inserted: 0, skippedHashes: [] };
      try {
        const res = await keys.insertMany(docs as KeyDoc[], { ordered: false });
        return { inserted: res.insertedCount, skippedHashes: [] };
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        const writeErrors = [err.writeErrors].flat();
        if (!writeErrors.length || writeErrors.some((e) => e.code !== 11000)) throw err;
        return {
          inserted: err.insertedCount,
          skippedHashes: writeErrors.map((e) => docs[e.index]!.hash),
        };
      }
    },
    /** The keys holding these hashes: who an upload's skipped codes belong to (never the code). */
    holdersOf: (hashes: string[]) =>
      keys
        .find(
          { hash: { $in: hashes } },
          {
            projection: {
              _id: 1,
              hash: 1,
              sellerId: 1,
              offerId: 1,
              productId: 1,
              supplierClientRef: 1,
            },
          },
        )
        .toArray() as Promise<
        Pick<KeyDoc, '_id' | 'hash' | 'sellerId' | 'offerId' | 'productId' | 'supplierClientRef'>[]
      >,
    countAvailable: (offerId: ObjectId) => keys.countDocuments({ offerId, status: 'available' }),
    /** A key; with `sellerId`, only that seller's (another's answers null, like a missing one). */
    find: (id: ObjectId, sellerId?: string) =>
      keys.findOne(sellerId === undefined ? { _id: id } : { _id: id, sellerId }),
    async page(q: ListQuery, filter: KeyPageFilter) {
      const query: Filter<KeyDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.offerId) query.offerId = filter.offerId;
      if (filter.productId) query.productId = filter.productId;
      if (filter.sellerId) query.sellerId = filter.sellerId;
      if (filter.status) query.status = filter.status;
      if (filter.orderId) query.orderId = filter.orderId;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        keys
          .find(query, { projection: { hash: 0 } })
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(keys, query),
      ]);
      return { rows, total };
    },
    /** Keys per status of each offer, in one aggregation for a whole page of offers. */
    async countsByOffer(offerIds: ObjectId[]): Promise<Map<string, KeyCounts>> {
      const rows = await keys
        .aggregate<{ _id: { offerId: ObjectId; status: KeyStatus }; n: number }>([
          { $match: { offerId: { $in: offerIds } } },
          { $group: { _id: { offerId: '$offerId', status: '$status' }, n: { $sum: 1 } } },
        ])
        .toArray();
      const counts = new Map(offerIds.map((id) => [id.toHexString(), noKeys()]));
      for (const { _id, n } of rows) {
        const offer = counts.get(_id.offerId.toHexString());
        if (offer) offer[_id.status] = n;
      }
      return counts;
    },
    /** Takes an available key out of sale for good; null when it is not (or no longer) available. */
    revoke: (id: ObjectId, sellerId?: string) =>
      keys.findOneAndUpdate(
        { _id: id, status: 'available', ...(sellerId !== undefined && { sellerId }) },
        { $set: { status: 'revoked' } },
        { returnDocument: 'after', projection: { hash: 0 } },
      ),

    // Orders: each key changes hands in one conditional single-document update, so two orders
    // can never hold the same key and a retry (or a racing job) changes nothing twice.

    /** Reserves one available key of the offer for the order; null when none is left. */
    reserveOne: (offerId: ObjectId, orderId: ObjectId, reservedUntil: Date) =>
      keys.findOneAndUpdate(
        { offerId, status: 'available' },
        { $set: { status: 'reserved', orderId, reservedUntil } },
        { returnDocument: 'after', projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /** Puts a key the order reserved back on sale; null when it is not (or no longer) reserved. */
    releaseOne: (id: ObjectId, orderId: ObjectId) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'reserved' },
        { $set: { status: 'available' }, $unset: { orderId: '', reservedUntil: '' } },
        { projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /** Sells a key the order reserved; null when it is not (or no longer) reserved for it. */
    sellOne: (id: ObjectId, orderId: ObjectId, soldAt: Date) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'reserved' },
        { $set: { status: 'sold', soldAt }, $unset: { reservedUntil: '' } },
        { returnDocument: 'after', projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /**
     * A refunded line's key nobody saw goes back on sale (null when it is not sold to the order,
     * or was revealed meanwhile, by its buyer or an admin: each reveal's own update needs it sold).
     */
    returnUnrevealed: (id: ObjectId, orderId: ObjectId) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'sold', ...NEVER_SEEN },
        { $set: { status: 'available' }, $unset: { orderId: '', soldAt: '' } },
        { projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /** A refunded line's key someone saw is out of sale for good (it stays the order's). */
    revokeRevealed: (id: ObjectId, orderId: ObjectId) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'sold', $nor: [NEVER_SEEN] },
        { $set: { status: 'revoked' } },
        { projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /**
     * A charged-back order's key its buyer never revealed or claimed is taken from them for good
     * (revoked). One the buyer saw stays as it is: that code is gone.
     */
    revokeUnrevealed: (id: ObjectId, orderId: ObjectId) =>
      keys.findOneAndUpdate(
        {
          _id: id,
          orderId,
          status: 'sold',
          revealedAt: { $exists: false },
          claimedAt: { $exists: false },
        },
        { $set: { status: 'revoked' } },
        { projection: ORDER_KEY_FIELDS },
      ) as Promise<OrderKeyDoc | null>,
    /** Every key the order holds or bought. */
    ofOrder: (orderId: ObjectId) =>
      keys.find({ orderId }, { projection: ORDER_KEY_FIELDS }).toArray() as Promise<OrderKeyDoc[]>,
    /** The keys of a page of orders, in one query. */
    ofOrders: (orderIds: ObjectId[]) =>
      keys
        .find({ orderId: { $in: orderIds } }, { projection: ORDER_KEY_FIELDS })
        .toArray() as Promise<OrderKeyDoc[]>,
    /** A paid order held for review keeps its keys past the payment deadline. */
    holdForReview: (orderId: ObjectId) =>
      keys.updateMany({ orderId, status: 'reserved' }, { $unset: { reservedUntil: '' } }),
    /** A sold key of the order with its sealed code, for its buyer. */
    soldOfOrder: (id: ObjectId, orderId: ObjectId) =>
      keys.findOne({ _id: id, orderId, status: 'sold' }, { projection: { hash: 0 } }),
    /** Records the first reveal and the waiver that comes with it (later reveals keep the first). */
    markRevealed: (id: ObjectId, orderId: ObjectId, at: Date) =>
      keys.updateOne(
        { _id: id, orderId, status: 'sold', revealedAt: { $exists: false } },
        { $set: { revealedAt: at, withdrawalWaivedAt: at } },
      ),
    /**
     * Records an admin's first reveal of a sold key, so that a refund revokes it instead of
     * putting a seen code back on sale. A key in any other status is left as it is.
     */
    markRevealedByAdmin: (id: ObjectId, at: Date) =>
      keys.updateOne(
        { _id: id, status: 'sold', revealedByAdminAt: { $exists: false } },
        { $set: { revealedByAdminAt: at } },
      ),
    /** Claims an account's credentials once; null when already claimed (or not sold to the order). */
    claimOnce: (id: ObjectId, orderId: ObjectId, at: Date) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'sold', claimedAt: { $exists: false } },
        { $set: { claimedAt: at, revealedAt: at, withdrawalWaivedAt: at } },
        { returnDocument: 'after', projection: { hash: 0 } },
      ),

    // Re-hashing (rehash-keys.ts): each step a conditional single-document update, so the
    // migration can stop anywhere and run again.

    /** Every key not flagged as a duplicate, oldest first (the earlier of two keeps the hash). */
    forRehash: () =>
      keys
        .find(
          { duplicateOf: { $exists: false } },
          {
            projection: {
              _id: 1,
              hash: 1,
              secret: 1,
              kind: 1,
              createdAt: 1,
              sellerId: 1,
              offerId: 1,
              productId: 1,
              status: 1,
            },
          },
        )
        .sort({ createdAt: 1, _id: 1 }) as FindCursor<RehashKeyDoc>,
    /** The key holding a hash, flagged duplicates aside (their hash carries a suffix). */
    byHash: (hash: string) =>
      keys.findOne(
        { hash },
        {
          projection: { _id: 1, hash: 1, createdAt: 1, sellerId: 1, offerId: 1, productId: 1 },
        },
      ) as Promise<Omit<RehashKeyDoc, 'secret' | 'status'> | null>,
    /**
     * Moves a key from hash `from` to `to`: `taken` when another key holds `to` (E11000),
     * `unchanged` when the key no longer has `from` (flagged or re-hashed meanwhile).
     */
    async rehash(id: ObjectId, from: string, to: string): Promise<'moved' | 'unchanged' | 'taken'> {
      try {
        const res = await keys.updateOne({ _id: id, hash: from }, { $set: { hash: to } });
        return res.modifiedCount === 1 ? 'moved' : 'unchanged';
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return 'taken';
        throw err;
      }
    },
    /**
     * Flags a key as a duplicate of an earlier one, freeing `hash` for it (the flagged key keeps
     * it suffixed with its own id, which the unique index accepts); false when already flagged.
     */
    async flagDuplicate(id: ObjectId, of: ObjectId, hash: string): Promise<boolean> {
      const res = await keys.updateOne(
        { _id: id, duplicateOf: { $exists: false } },
        { $set: { duplicateOf: of, hash: `${hash}:${id.toHexString()}` } },
      );
      return res.modifiedCount === 1;
    },
    /** Reservations whose deadline passed: recovery's leftovers (the order decides their fate). */
    reservedBefore: (before: Date, limit: number) =>
      keys
        .find(
          { status: 'reserved', reservedUntil: { $lt: before } },
          { projection: ORDER_KEY_FIELDS },
        )
        .limit(limit)
        .toArray() as Promise<OrderKeyDoc[]>,
  };
}
export type KeyRepository = ReturnType<typeof createKeyRepository>;
