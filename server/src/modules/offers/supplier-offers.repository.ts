import type { Collection, ObjectId } from 'mongodb';
import type { OfferDoc, SupplierSourceDoc, SyncChange } from './offer-doc.ts';
import type { UnitCost } from './supplier-pricing.ts';

/**
 * The offers collection as supplier-backed offers need it: the sync, the stock check and the
 * restock batches. Part of the offers repository (spread into it), kept apart for size.
 */
export function supplierOfferQueries(offers: Collection<OfferDoc>) {
  return {
    /** A connection's supplier-backed offers. */
    ofConnection: (connectionId: string) =>
      offers.find({ 'source.kind': 'supplier', 'source.connectionId': connectionId }).toArray(),
    /** The connections with an on-demand offer on sale, synced before `before`. */
    connectionsSellingOnDemand: (before: Date) =>
      offers.distinct('source.connectionId', {
        'source.kind': 'supplier',
        'source.mode': 'onDemand',
        status: 'active',
        'source.syncedAt': { $lt: before },
      }) as Promise<string[]>,
    /**
     * Writes what a stock check found (status, declared stock, the pause), unless a sale, the
     * seller or a sync changed the offer since it was read: false then.
     */
    async applyStockCheck(
      offer: Pick<OfferDoc, '_id' | 'status' | 'stock'> & {
        source: Pick<SupplierSourceDoc, 'rev'>;
      },
      change: Pick<SyncChange, 'status' | 'stock'> & {
        source: Pick<SupplierSourceDoc, 'supplierQuantity' | 'pausedBySync'>;
      },
    ): Promise<boolean> {
      const { status, stock, source } = change;
      const res = await offers.updateOne(
        {
          _id: offer._id,
          status: offer.status,
          stock: offer.stock,
          'source.rev': offer.source.rev,
        },
        {
          $set: {
            status,
            ...(stock !== undefined && { stock }),
            'source.supplierQuantity': source.supplierQuantity,
            'source.pausedBySync': source.pausedBySync,
            updatedAt: new Date(),
          },
        },
      );
      return res.matchedCount === 1;
    },
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
  };
}
