import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { SupplierId } from '@market/shared';

/**
 * One seller's decision about one supplier product: the marketplace product they sell it as
 * (confirmed by them), and the product they proposed from it, if any.
 */
export type SupplierMappingDoc = {
  _id: ObjectId;
  sellerId: string;
  supplier: SupplierId;
  sku: string;
  /** The marketplace product; null when cleared or never confirmed. */
  productId: ObjectId | null;
  confirmedAt: Date | null;
  /** The product proposal made from the supplier product; null when none. */
  proposalId: ObjectId | null;
  updatedAt: Date;
};

export const supplierMappingIndexes: IndexDescription[] = [
  // One decision per seller and supplier product; its prefix serves a seller's mapped skus.
  { key: { sellerId: 1, supplier: 1, sku: 1 }, unique: true },
];

type Ref = { sellerId: string; supplier: SupplierId; sku: string };

/** The only code that touches `supplierMappings`. */
export function createSupplierMappingRepository(db: Db) {
  const mappings = db.collection<SupplierMappingDoc>('supplierMappings');
  const upsert = (ref: Ref, set: Partial<SupplierMappingDoc>, at: Date) =>
    mappings.findOneAndUpdate(
      ref,
      {
        $set: { ...set, updatedAt: at },
        $setOnInsert: {
          ...(!('productId' in set) && { productId: null, confirmedAt: null }),
          ...(!('proposalId' in set) && { proposalId: null }),
        },
      },
      { upsert: true, returnDocument: 'after' },
    );
  return {
    /** The seller's decisions about these skus of a supplier. */
    ofSkus: (sellerId: string, supplier: SupplierId, skus: string[]) =>
      mappings.find({ sellerId, supplier, sku: { $in: skus } }).toArray(),
    /** The skus of a supplier the seller has mapped to a product. */
    async mappedSkus(sellerId: string, supplier: SupplierId): Promise<string[]> {
      const docs = await mappings
        .find({ sellerId, supplier, productId: { $ne: null } }, { projection: { sku: 1 } })
        .toArray();
      return docs.map((d) => d.sku);
    },
    /** Maps a supplier product to a product (confirmed now), or clears it with null. */
    setProduct: (ref: Ref, productId: ObjectId | null, at: Date) =>
      upsert(ref, { productId, confirmedAt: productId && at }, at),
    setProposal: (ref: Ref, proposalId: ObjectId, at: Date) => upsert(ref, { proposalId }, at),
  };
}
export type SupplierMappingRepository = ReturnType<typeof createSupplierMappingRepository>;
