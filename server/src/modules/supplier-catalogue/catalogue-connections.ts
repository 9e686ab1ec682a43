import type { SupplierId } from '@market/shared';
import type { Supplier } from '../../integrations/suppliers/supplier.ts';
import type { SupplierConnectionService } from '../supplier-connections/supplier-connections.service.ts';

/**
 * What the catalogue asks of the sellers' supplier connections: a seller's own connection
 * (another seller's answers 404), whether a seller is connected to a supplier, and a
 * connection's adapter for the import (409 while its supplier is switched off or unreachable).
 */
export type CatalogueConnections = {
  get(sellerId: string, connectionId: string): Promise<{ id: string; supplier: SupplierId }>;
  /** The seller's connection to the supplier, or null. */
  ofSupplier(sellerId: string, supplier: SupplierId): Promise<{ id: string } | null>;
  supplierFor(connectionId: string): Promise<Supplier>;
};

/** The catalogue's view of the supplier-connections service. */
export function catalogueConnections(service: SupplierConnectionService): CatalogueConnections {
  return {
    get: (sellerId, connectionId) => service.get(sellerId, connectionId),
    async ofSupplier(sellerId, supplier) {
      const firstPage = { sort: null, skip: 0, limit: 1, filter: {} };
      const { rows } = await service.list(sellerId, firstPage, { supplier });
      return rows[0] ?? null;
    },
    supplierFor: (connectionId) => service.supplierFor(connectionId),
  };
}
