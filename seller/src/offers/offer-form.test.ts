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

  it('sends only prices, zeroVat and status on update, leaving emptied prices out', () => {
    expect(toOfferUpdate(record)).toEqual({
      prices: { eur: 1999, gbp: 1700 },
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
      zeroVat: false,
      status: 'active',
    });
  });
});
