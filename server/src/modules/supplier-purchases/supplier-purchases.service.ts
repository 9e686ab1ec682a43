import type { AdminSupplierPurchase, SupplierId, SupplierPurchaseStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type {
  SupplierPurchaseDoc,
  SupplierPurchaseRepository,
} from './supplier-purchases.repository.ts';

const toAdmin = (d: SupplierPurchaseDoc): AdminSupplierPurchase => ({
  id: d._id.toHexString(),
  clientRef: d.clientRef,
  kind: d.kind,
  supplier: d.supplier,
  connectionId: d.connectionId.toHexString(),
  sellerId: d.sellerId,
  offerId: d.offerId.toHexString(),
  orderId: d.orderId?.toHexString() ?? null,
  sku: d.sku,
  quantity: d.quantity,
  maxUnitPrice: d.maxUnitPrice,
  unitPrice: d.unitPrice,
  supplierPurchaseId: d.supplierPurchaseId,
  status: d.status,
  codeCount: d.codeCount,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

export type SupplierPurchaseListFilter = {
  id?: string | string[] | undefined;
  status?: SupplierPurchaseStatus | undefined;
  supplier?: SupplierId | undefined;
  orderId?: string | undefined;
  sellerId?: string | undefined;
};

/** The admin console's read of every supplier purchase (the book itself is the repository's). */
export function createSupplierPurchaseService(deps: { purchases: SupplierPurchaseRepository }) {
  const { purchases } = deps;
  return {
    async list(q: ListQuery, filter: SupplierPurchaseListFilter) {
      const orderId = filter.orderId === undefined ? undefined : toObjectId(filter.orderId);
      if (orderId === null) return { rows: [], total: 0 };
      const { rows, total } = await purchases.page(q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        status: filter.status,
        supplier: filter.supplier,
        orderId,
        sellerId: filter.sellerId,
      });
      return { rows: rows.map(toAdmin), total };
    },

    async get(id: string): Promise<AdminSupplierPurchase> {
      const oid = toObjectId(id);
      const doc = oid && (await purchases.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return toAdmin(doc);
    },
  };
}
export type SupplierPurchaseService = ReturnType<typeof createSupplierPurchaseService>;
