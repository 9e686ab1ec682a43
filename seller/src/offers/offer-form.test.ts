import { describe, expect, it } from 'vitest';
import { toOfferCreate, toOfferUpdate } from './offer-form.ts';

describe('offer bodies', () => {
  const record = {
    id: 'o1',
    productId: '0123456789abcdef01234567',
    productName: 'Game',
    prices: { eur: 1999, usd: null, gbp: 1700 },
    stock: 4,
    zeroVat: true,
    status: 'paused',
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('sends only prices, source, zeroVat and status on update, leaving emptied prices out', () => {
    expect(toOfferUpdate(record)).toEqual({
      prices: { eur: 1999, gbp: 1700 },
      source: { kind: 'upload' },
      zeroVat: true,
      status: 'paused',
    });
  });

  it('does not send back a hidden status', () => {
    expect(toOfferUpdate({ ...record, status: 'hidden' })).not.toHaveProperty('status');
  });

  it('builds the create body with defaults', () => {
    expect(
      toOfferCreate({ productId: ' 0123456789abcdef01234567 ', prices: { eur: 500 } }),
    ).toEqual({
      productId: '0123456789abcdef01234567',
      prices: { eur: 500 },
      source: { kind: 'upload' },
      zeroVat: false,
      status: 'active',
    });
  });

  const supplier = {
    kind: 'supplier',
    supplier: 'wock',
    connectionId: 'c1',
    sku: ' WOC-00001 ',
    mode: 'stocked',
    stockCap: 7,
    costCeiling: 1500,
    pricing: { marginPercent: 12.5, marginFixedCents: 30, rounding: 'to99' },
    cost: { cents: 1000, currency: 'eur' },
    supplierQuantity: 9,
    syncedAt: '2026-01-01T00:00:00.000Z',
    pausedBySync: null,
  };

  it('sends a supplier’s source instead of prices, only what the seller sets', () => {
    expect(toOfferUpdate({ ...record, source: supplier })).toEqual({
      source: {
        kind: 'supplier',
        connectionId: 'c1',
        sku: 'WOC-00001',
        mode: 'stocked',
        costCeiling: 1500,
        pricing: { marginPercent: 12.5, marginFixedCents: 30, rounding: 'to99' },
      },
      zeroVat: true,
      status: 'paused',
    });
  });

  it('sends the cap of an on-demand source, and a plain margin when left empty', () => {
    const body = toOfferCreate({
      productId: '0123456789abcdef01234567',
      prices: { eur: 500 },
      source: {
        kind: 'supplier',
        connectionId: 'c1',
        sku: 'S',
        mode: 'onDemand',
        stockCap: 4,
        costCeiling: 900,
        pricing: null,
      },
    });
    expect(body).toEqual({
      productId: '0123456789abcdef01234567',
      source: {
        kind: 'supplier',
        connectionId: 'c1',
        sku: 'S',
        mode: 'onDemand',
        stockCap: 4,
        costCeiling: 900,
        pricing: { marginPercent: 0, marginFixedCents: 0, rounding: 'none' },
      },
      zeroVat: false,
      status: 'active',
    });
  });
});
