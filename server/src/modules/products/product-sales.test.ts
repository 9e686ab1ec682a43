import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { Sale } from '@market/shared';
import type { OfferDoc } from '../offers/offers.facade.ts';
import { offersList, salesPriceRange, sortSales, toSale } from './product-sales.ts';

const sale = (offerId: string, eur: number, usd: number, gbp: number): Sale => ({
  offerId,
  sellerId: `seller-${offerId}`,
  sellerName: `Seller ${offerId}`,
  prices: { eur, usd, gbp },
  region: 'Global',
  inStock: true,
  apiName: 'marketplace',
  sellerRating: { average: 0, count: 0 },
});

describe('sortSales (unrated sellers, no defects: the ranking is by price)', () => {
  const sales = [sale('a', 900, 700, 800), sale('b', 700, 950, 600), sale('c', 800, 760, 700)];

  it('puts the cheapest in the requested currency first', () => {
    expect(sortSales(sales, 'eur').map((s) => s.offerId)).toEqual(['b', 'c', 'a']);
    expect(sortSales(sales, 'usd').map((s) => s.offerId)).toEqual(['a', 'c', 'b']);
  });

  it('orders equal prices by offer id and leaves the input alone', () => {
    const tied = [sale('z', 100, 1, 1), sale('y', 100, 1, 1)];
    expect(sortSales(tied, 'eur').map((s) => s.offerId)).toEqual(['y', 'z']);
    expect(tied[0]?.offerId).toBe('z');
  });
});

describe('salesPriceRange', () => {
  it('gives the lowest and highest price per currency', () => {
    expect(salesPriceRange([sale('a', 900, 700, 800), sale('b', 700, 950, 600)])).toEqual({
      eur: { min: 700, max: 900 },
      usd: { min: 700, max: 950 },
      gbp: { min: 600, max: 800 },
    });
  });

  it('answers 0 and 0 in each currency when there are no sales', () => {
    expect(salesPriceRange([])).toEqual({
      eur: { min: 0, max: 0 },
      usd: { min: 0, max: 0 },
      gbp: { min: 0, max: 0 },
    });
  });
});

describe('toSale', () => {
  it('shows an offer with its seller name and stock as a flag', () => {
    const offer: OfferDoc = {
      _id: new ObjectId('0123456789abcdef01234567'),
      productId: new ObjectId(),
      sellerId: 'pixel-keys',
      prices: { eur: 500, usd: 540, gbp: 430 },
      stock: 0,
      zeroVat: false,
      status: 'active',
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    expect(toSale(offer, 'Pixel Keys', { average: 4.5, count: 2 })).toEqual({
      offerId: '0123456789abcdef01234567',
      sellerId: 'pixel-keys',
      sellerName: 'Pixel Keys',
      prices: { eur: 500, usd: 540, gbp: 430 },
      inStock: false,
      apiName: 'marketplace',
      sellerRating: { average: 4.5, count: 2 },
    });
    expect(toSale(offer, 'Pixel Keys').sellerRating).toEqual({ average: 0, count: 0 });
  });

  it('names the supplier of a supplier-backed offer', () => {
    const offer: OfferDoc = {
      _id: new ObjectId('0123456789abcdef01234567'),
      productId: new ObjectId(),
      sellerId: 'pixel-keys',
      prices: { eur: 500, usd: 540, gbp: 430 },
      stock: 3,
      zeroVat: false,
      status: 'active',
      source: {
        kind: 'supplier',
        supplier: 'wock',
        connectionId: '0123456789abcdef0123cafe',
        sku: 'W-1',
        mode: 'onDemand',
        stockCap: 5,
        costCeiling: 450,
        pricing: { marginPercent: 10, marginFixedCents: 0, rounding: 'none' },
        cost: { cents: 400, currency: 'eur' },
        supplierQuantity: 3,
        syncedAt: new Date(0),
        pausedBySync: null,
        rev: 1,
        batches: 0,
        openBatch: null,
        paidCost: null,
      },
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    expect(toSale(offer, 'Pixel Keys')).toMatchObject({ apiName: 'wock', inStock: true });
  });
});

describe('offersList', () => {
  it('carries every sale and the best one’s apiName', () => {
    const best = { ...sale('a', 100, 100, 100), apiName: 'wock' as const };
    expect(offersList([best, sale('b', 200, 200, 200)])).toEqual({
      allOffers: [best, sale('b', 200, 200, 200)],
      apiName: 'wock',
    });
    expect(offersList([]).apiName).toBe('marketplace');
  });
});
