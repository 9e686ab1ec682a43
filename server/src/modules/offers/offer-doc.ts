import type { ObjectId } from 'mongodb';
import type {
  ActivationRegion,
  Currency,
  OfferStatus,
  RateCurrency,
  SupplierId,
  SupplierPricing,
  SupplyMode,
  SyncPauseReason,
} from '@market/shared';
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
  /**
   * Where its keys activate (docs/regions.md): the seller's choice, else what the supplier
   * reports, else the product's region. Absent on offers from before regions (the offers
   * module's migration sets them): those are the product's.
   */
  region?: ActivationRegion;
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

/** What a supplier sync writes on an offer. */
export type SyncChange = Pick<OfferDoc, 'prices' | 'status'> & {
  stock?: number;
  source: Pick<SupplierSourceDoc, 'cost' | 'supplierQuantity' | 'syncedAt' | 'pausedBySync'>;
};
