import type { SupplierId } from '@market/shared';
import type { Supplier } from '../../integrations/suppliers/supplier.ts';

/**
 * What the catalogue asks of the sellers' supplier connections (the supplier-connections
 * service): a seller's own connection (another seller's answers 404), whether a seller is
 * connected to a supplier, and a connection's adapter for the import.
 */
export type CatalogueConnections = {
  get(sellerId: string, connectionId: string): Promise<{ id: string; supplier: SupplierId }>;
  /** The seller's connection to the supplier, or null. */
  ofSupplier(sellerId: string, supplier: SupplierId): Promise<{ id: string } | null>;
  supplierFor(connectionId: string): Promise<Supplier>;
};
