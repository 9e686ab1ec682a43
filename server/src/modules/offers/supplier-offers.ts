import {
  SUPPLIER_NAMES,
  type OfferStatus,
  type SupplierId,
  type SupplierSourceInput,
} from '@market/shared';
import {
  SupplierError,
  type Supplier,
  type SupplierStock,
} from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExchangeRateFacade } from '../exchange-rates/exchange-rates.facade.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { SupplierSwitch } from '../suppliers/suppliers.service.ts';
import type { OfferDoc, SupplierSourceDoc, SyncChange } from './offers.repository.ts';
import type { MarketplaceFees, UnitCost } from './supplier-pricing.ts';
import { syncOutcome, type PricingContext, type SupplierFinding } from './supplier-sync-outcome.ts';

/**
 * What supplier-backed offers ask of the sellers' supplier connections (the
 * supplier-connections module's service has this shape).
 */
export type OfferConnections = {
  /** The seller's own connection; AppError NOT_FOUND for an unknown one or another seller's. */
  get(sellerId: string, id: string): Promise<{ id: string; supplier: SupplierId }>;
  /**
   * The connection's adapter; AppError NOT_FOUND when the connection is gone, CONFLICT while its
   * supplier is switched off or not reachable from this server.
   */
  supplierFor(connectionId: string): Promise<Supplier>;
  /** Records a sync of the connection's offers: when, and why it failed (null: it did not). */
  recordSync(connectionId: string, outcome: { at: Date; error: string | null }): Promise<void>;
};

/** Whether an offer's keys come from a supplier. */
export const isSupplierOffer = (doc: OfferDoc): doc is OfferDoc & { source: SupplierSourceDoc } =>
  doc.source?.kind === 'supplier';

/** An amount as sellers read it: `12.34 EUR`. */
export const money = (p: UnitCost) => `${(p.cents / 100).toFixed(2)} ${p.currency.toUpperCase()}`;

/** A field error of the offer form's source part (400). */
const sourceError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: { [`source.${field}`]: message } });

/** A supplier call that failed while a seller waits: a 503 to retry, or what to fix (400). */
function askFailed(err: SupplierError): AppError {
  const name = SUPPLIER_NAMES[err.supplier];
  switch (err.code) {
    case 'UNAVAILABLE':
      return new AppError('SUPPLIER_UNAVAILABLE', {
        message: `${name} is not answering: try again in a moment`,
      });
    case 'UNAUTHORIZED':
      return sourceError('connectionId', `${name} refused this connection’s credentials`);
    case 'NOT_FOUND':
      return sourceError('sku', `${name} has no such product`);
    default:
      return sourceError('sku', `${name} refused: ${err.message}`);
  }
}

/** The prices, status, declared stock and source a supplier-backed offer gets. */
export type SupplierOfferFields = Omit<SyncChange, 'source'> & {
  source: SupplierSourceDoc;
  convertedCurrencies: [];
};

/**
 * Supplier-backed offers as sellers set them up: the source checked against the seller's own
 * connection and the supplier's catalogue, then priced, stocked and paused by the same rule the
 * sync applies (supplier-sync-outcome.ts).
 */
export function createSupplierOffers(deps: {
  connections: OfferConnections;
  suppliers: SupplierSwitch;
  rates: ExchangeRateFacade;
  keys: Pick<KeyFacade, 'countAvailable'>;
  fees: MarketplaceFees;
  vatRateBps: number;
  clock?: () => Date;
}) {
  const { connections, suppliers, keys } = deps;
  const now = deps.clock ?? (() => new Date());

  const pricingContext = async (): Promise<PricingContext> => ({
    rates: await deps.rates.current(),
    fees: deps.fees,
    vatRateBps: deps.vatRateBps,
  });

  /**
   * The seller's connection and the sku's stock and price there now. Refuses (400, on the field
   * to fix) another seller's connection, a supplier switched off, an unknown sku and a cost
   * ceiling below today's price; 503 when the supplier does not answer.
   */
  async function resolve(
    sellerId: string,
    input: SupplierSourceInput,
  ): Promise<{ supplier: SupplierId; stock: SupplierStock }> {
    const connection = await connections.get(sellerId, input.connectionId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        throw sourceError('connectionId', 'Not one of your supplier connections');
      }
      throw err;
    });
    const name = SUPPLIER_NAMES[connection.supplier];
    if (!(await suppliers.isEnabled(connection.supplier))) {
      throw sourceError('connectionId', `${name} is switched off for the marketplace`);
    }
    let stock: SupplierStock | undefined;
    try {
      const adapter = await connections.supplierFor(connection.id);
      stock = (await adapter.getStock([input.sku])).find((s) => s.sku === input.sku);
    } catch (err) {
      if (err instanceof SupplierError) throw askFailed(err);
      if (err instanceof AppError && err.code === 'CONFLICT') {
        throw sourceError('connectionId', err.message);
      }
      throw err;
    }
    if (!stock) throw sourceError('sku', `${name} has no such product`);
    if (stock.price.cents > input.costCeiling) {
      throw sourceError('costCeiling', `Below ${name}’s price now (${money(stock.price)})`);
    }
    return { supplier: connection.supplier, stock };
  }

  /** The outcome of the rule for `offer` with `found`, counting the keys it holds. */
  async function decide(
    offer: Pick<OfferDoc, 'status' | 'zeroVat'> & { source: SupplierSourceDoc },
    found: SupplierFinding,
    offerId: OfferDoc['_id'] | null,
  ): Promise<SupplierOfferFields> {
    const availableKeys = offerId ? await keys.countAvailable(offerId) : 0;
    const outcome = syncOutcome({
      offer,
      found,
      availableKeys,
      ctx: await pricingContext(),
      now: now(),
    });
    return {
      ...outcome,
      source: { ...offer.source, ...outcome.source },
      convertedCurrencies: [],
    };
  }

  return {
    pricingContext,

    /**
     * A supplier source set on a new offer (`current` null) or replacing an offer's source, with
     * the status the seller wants: checked, priced and stocked from the supplier's answer.
     * Changing the connection or sku of a stocked offer waits for its open restock batch.
     */
    async build(
      sellerId: string,
      input: SupplierSourceInput,
      current: OfferDoc | null,
      wanted: { status: OfferStatus; zeroVat: boolean },
    ): Promise<SupplierOfferFields> {
      const previous = current?.source?.kind === 'supplier' ? current.source : null;
      if (
        previous?.openBatch &&
        (previous.connectionId !== input.connectionId || previous.sku !== input.sku)
      ) {
        throw new AppError('CONFLICT', {
          message: 'A restock of this offer is still being bought',
          errors: { 'source.sku': 'A restock of this offer is still being bought' },
        });
      }
      const { supplier, stock } = await resolve(sellerId, input);
      const source: SupplierSourceDoc = {
        kind: 'supplier',
        supplier,
        connectionId: input.connectionId,
        sku: input.sku,
        mode: input.mode,
        stockCap: input.mode === 'onDemand' ? (input.stockCap ?? null) : null,
        costCeiling: input.costCeiling,
        pricing: input.pricing,
        cost: stock.price,
        supplierQuantity: stock.quantity,
        syncedAt: now(),
        // The seller's status wins over a pause the sync had made; the rule may pause again.
        pausedBySync: wanted.status === current?.status ? (previous?.pausedBySync ?? null) : null,
        rev: (previous?.rev ?? 0) + 1,
        // Batch numbers never repeat for an offer: each is a purchase reference at the supplier.
        batches: previous?.batches ?? 0,
        openBatch: previous?.openBatch ?? null,
        paidCost:
          previous?.sku === input.sku && previous.connectionId === input.connectionId
            ? previous.paidCost
            : null,
      };
      return decide(
        { status: wanted.status, zeroVat: wanted.zeroVat, source },
        { kind: 'stock', quantity: stock.quantity, price: stock.price },
        current?._id ?? null,
      );
    },

    /**
     * A supplier-backed offer re-priced and re-stocked from what the last sync found, after a
     * change that does not touch its source (VAT, status) or a restock: no supplier call.
     */
    async reprice(
      current: OfferDoc & { source: SupplierSourceDoc },
      wanted: { status: OfferStatus; zeroVat: boolean; bump: boolean },
    ): Promise<SupplierOfferFields> {
      const { source } = current;
      return decide(
        {
          status: wanted.status,
          zeroVat: wanted.zeroVat,
          source: {
            ...source,
            pausedBySync: wanted.status === current.status ? source.pausedBySync : null,
            rev: source.rev + (wanted.bump ? 1 : 0),
          },
        },
        source.pausedBySync === 'skuGone' ||
          source.pausedBySync === 'noConnection' ||
          source.pausedBySync === 'supplierOff'
          ? { kind: source.pausedBySync }
          : { kind: 'stock', quantity: source.supplierQuantity, price: source.cost },
        current._id,
      );
    },
  };
}
export type SupplierOffers = ReturnType<typeof createSupplierOffers>;
