import { describe, expect, it } from 'vitest';
import type { SupplierSourceDoc } from './offers.repository.ts';
import { syncOutcome, type SupplierFinding, type SyncedOffer } from './supplier-sync-outcome.ts';

const NOW = new Date('2025-01-01T10:00:00Z');
const CTX = {
  rates: { eur: 1, usd: 1.08, gbp: 0.86 },
  fees: { bps: 0, fixedCents: 0 },
  vatRateBps: 0,
};

const source = (over: Partial<SupplierSourceDoc> = {}): SupplierSourceDoc => ({
  kind: 'supplier',
  supplier: 'wock',
  connectionId: 'c1',
  sku: 'sku-1',
  mode: 'onDemand',
  stockCap: 5,
  costCeiling: 1500,
  pricing: { marginPercent: 10, marginFixedCents: 0, rounding: 'none' },
  cost: { cents: 1000, currency: 'eur' },
  supplierQuantity: 10,
  syncedAt: new Date(0),
  pausedBySync: null,
  rev: 0,
  batches: 0,
  openBatch: null,
  paidCost: null,
  ...over,
});
const offer = (
  status: SyncedOffer['status'],
  over: Partial<SupplierSourceDoc> = {},
): SyncedOffer => ({ status, zeroVat: false, source: source(over) });
const stock = (quantity: number, cents = 1000): SupplierFinding => ({
  kind: 'stock',
  quantity,
  price: { cents, currency: 'eur' },
});
const sync = (o: SyncedOffer, found: SupplierFinding, availableKeys = 0) =>
  syncOutcome({ offer: o, found, availableKeys, ctx: CTX, now: NOW });

describe('syncOutcome', () => {
  it('declares the supplier quantity up to the cap, plus keys already in the vault', () => {
    expect(sync(offer('active'), stock(3))).toMatchObject({ status: 'active', stock: 3 });
    expect(sync(offer('active'), stock(50), 2)).toMatchObject({ stock: 7 });
  });

  it('re-prices from the cost the supplier asks now', () => {
    const out = sync(offer('active'), stock(3, 1200));
    expect(out.prices.eur).toBe(1320);
    expect(out.source).toEqual({
      cost: { cents: 1200, currency: 'eur' },
      supplierQuantity: 3,
      syncedAt: NOW,
      pausedBySync: null,
    });
  });

  it('pauses an active offer the supplier cannot serve, and says why', () => {
    expect(sync(offer('active'), stock(0))).toMatchObject({
      status: 'paused',
      stock: 0,
      source: { pausedBySync: 'outOfStock' },
    });
    expect(sync(offer('active'), stock(9, 1600)).source.pausedBySync).toBe('overCeiling');
    expect(sync(offer('active'), { kind: 'skuGone' }).source.pausedBySync).toBe('skuGone');
    expect(sync(offer('active'), { kind: 'supplierOff' }).status).toBe('paused');
  });

  it('lifts its own pause once the supplier can serve again, never the seller’s', () => {
    expect(sync(offer('paused', { pausedBySync: 'outOfStock' }), stock(4))).toMatchObject({
      status: 'active',
      stock: 4,
      source: { pausedBySync: null },
    });
    expect(sync(offer('paused'), stock(4))).toMatchObject({
      status: 'paused',
      source: { pausedBySync: null },
    });
  });

  it('leaves an offer the marketplace hid as it is', () => {
    expect(sync(offer('hidden'), stock(0)).status).toBe('hidden');
    expect(sync(offer('hidden'), stock(4)).status).toBe('hidden');
  });

  it('keeps the last known cost when the sku is gone', () => {
    const out = sync(offer('active', { cost: { cents: 900, currency: 'eur' } }), {
      kind: 'skuGone',
    });
    expect(out.source.cost).toEqual({ cents: 900, currency: 'eur' });
    expect(out.stock).toBe(0);
  });

  it('never pauses a stocked offer, whose stock is its keys, nor prices it below what they cost', () => {
    const stocked = offer('active', {
      mode: 'stocked',
      stockCap: null,
      paidCost: { cents: 1100, currency: 'eur' },
    });
    const out = sync(stocked, stock(0, 800));
    expect(out).toMatchObject({ status: 'active', source: { pausedBySync: null } });
    expect(out.stock).toBeUndefined();
    expect(out.prices.eur).toBe(1210);
  });
});
