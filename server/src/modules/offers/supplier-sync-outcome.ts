import type { Currency, OfferStatus, SyncPauseReason } from '@market/shared';
import type { OfferDoc, SupplierSourceDoc, SyncChange } from './offers.repository.ts';
import { supplierOfferPrices, type MarketplaceFees, type UnitCost } from './supplier-pricing.ts';

/** What a sync learnt of one offer's sku. */
export type SupplierFinding =
  | { kind: 'stock'; quantity: number; price: UnitCost }
  /** The supplier answered without the sku. */
  | { kind: 'skuGone' }
  /** The marketplace switched the supplier off: nobody buys through it. */
  | { kind: 'supplierOff' }
  /** The seller's connection is gone. */
  | { kind: 'noConnection' }
  /** The supplier stopped answering: the connection's breaker is open. */
  | { kind: 'supplierDown' };

/** A supplier-backed offer as the sync reads it. */
export type SyncedOffer = Pick<OfferDoc, 'status' | 'zeroVat'> & { source: SupplierSourceDoc };

/** The rates, fees and VAT every price of a sync is computed with. */
export type PricingContext = {
  rates: Record<Currency, number>;
  fees: MarketplaceFees;
  /** The shop's VAT rate (basis points); zero-VAT offers use 0. */
  vatRateBps: number;
};

/** `a` in cents of `b`'s currency, through EUR. */
const inCurrencyOf = (a: UnitCost, currency: Currency, rates: Record<Currency, number>) =>
  a.currency === currency ? a.cents : (a.cents / rates[a.currency]) * rates[currency];

/**
 * Why an offer cannot sell from its supplier now; null when it can. Only on-demand offers stop:
 * a stocked offer's keys are in the vault already, whatever the supplier says today.
 */
function pauseReason(
  offer: SyncedOffer,
  found: SupplierFinding,
  ctx: PricingContext,
): SyncPauseReason | null {
  if (offer.source.mode === 'stocked') return null;
  if (found.kind !== 'stock') return found.kind;
  if (found.quantity <= 0) return 'outOfStock';
  // The ceiling is in the currency the supplier priced the sku in when the seller set it.
  const ceiling = offer.source.costCeiling;
  if (inCurrencyOf(found.price, offer.source.cost.currency, ctx.rates) > ceiling) {
    return 'overCeiling';
  }
  return null;
}

/**
 * The status after a sync: the sync pauses an active offer and lifts only its own pauses. A
 * seller's pause and the marketplace's `hidden` are never the sync's to change.
 */
function nextStatus(
  offer: SyncedOffer,
  reason: SyncPauseReason | null,
): { status: OfferStatus; pausedBySync: SyncPauseReason | null } {
  const { status } = offer;
  const pausedBySync = offer.source.pausedBySync;
  if (status === 'active' && reason) return { status: 'paused', pausedBySync: reason };
  if (status === 'paused' && pausedBySync) {
    return reason ? { status, pausedBySync: reason } : { status: 'active', pausedBySync: null };
  }
  return { status, pausedBySync: status === 'hidden' ? pausedBySync : null };
}

/**
 * What a sync makes of one supplier-backed offer, from what the supplier says now: prices from
 * the rule at today's cost (a stocked offer never below what its last batch paid), declared
 * stock for on demand (`min(quantity, cap)` plus keys already in the vault), and the pause.
 * Pure: the sync, a seller's edit and a restock all decide through it.
 */
export function syncOutcome(args: {
  offer: SyncedOffer;
  found: SupplierFinding;
  /** The offer's available keys (refunded units an on-demand offer may sell again). */
  availableKeys: number;
  ctx: PricingContext;
  now: Date;
}): SyncChange {
  const { offer, found, availableKeys, ctx, now } = args;
  const { source } = offer;
  const cost = found.kind === 'stock' ? found.price : source.cost;
  const paid = source.paidCost;
  const basis =
    source.mode === 'stocked' && paid && inCurrencyOf(paid, cost.currency, ctx.rates) > cost.cents
      ? paid
      : cost;
  const { prices } = supplierOfferPrices({
    cost: basis,
    pricing: source.pricing,
    rates: ctx.rates,
    fees: ctx.fees,
    vatBps: offer.zeroVat ? 0 : ctx.vatRateBps,
  });
  const supplierQuantity = found.kind === 'stock' ? Math.max(0, found.quantity) : 0;
  const reason = pauseReason(offer, found, ctx);
  const declared = reason ? 0 : Math.min(supplierQuantity, source.stockCap ?? 0);
  const { status, pausedBySync } = nextStatus(offer, reason);
  return {
    prices,
    status,
    ...(source.mode === 'onDemand' && { stock: declared + availableKeys }),
    source: { cost, supplierQuantity, syncedAt: now, pausedBySync },
  };
}
