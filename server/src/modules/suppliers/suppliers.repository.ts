import type { Db } from 'mongodb';
import type { SupplierId } from '@market/shared';

/**
 * A supplier's marketplace-wide switch. Only suppliers an admin has switched have a document:
 * a supplier without one is on.
 */
export type SupplierDoc = {
  _id: SupplierId;
  enabled: boolean;
  updatedAt: Date;
  /** The admin's email (or uid) who switched it last. */
  updatedBy: string;
};

export function createSupplierRepository(db: Db) {
  const suppliers = db.collection<SupplierDoc>('suppliers');
  return {
    all: () => suppliers.find({}).toArray(),
    findById: (id: SupplierId) => suppliers.findOne({ _id: id }),
    async setEnabled(id: SupplierId, enabled: boolean, at: Date, by: string) {
      await suppliers.updateOne(
        { _id: id },
        { $set: { enabled, updatedAt: at, updatedBy: by } },
        { upsert: true },
      );
    },
  };
}
export type SupplierRepository = ReturnType<typeof createSupplierRepository>;
