import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VAT_RATE_BPS,
  evidenceConflicts,
  vatIncludedCents,
  vatRateBps,
  vatTable,
} from './vat.ts';

describe('vatIncludedCents', () => {
  it.each([
    [1220, 2200, 220],
    [1000, 2200, 180],
    [1, 2200, 0],
    [1199, 2000, 200],
    [500, 0, 0],
  ])('finds the VAT in %i cents at %i bps: %i', (gross, rate, vat) => {
    expect(vatIncludedCents(gross, rate)).toBe(vat);
  });

  it('refuses fractions of a cent', () => {
    expect(() => vatIncludedCents(10.5, 2200)).toThrow(RangeError);
  });
});

describe('vatTable', () => {
  it('charges the shop’s rate (22 % by default) and nothing on zero-VAT lines', () => {
    const table = vatTable();
    expect(DEFAULT_VAT_RATE_BPS).toBe(2200);
    expect(vatRateBps(table, false)).toBe(2200);
    expect(vatRateBps(table, true)).toBe(0);
  });

  it('refuses a rate that is not basis points', () => {
    expect(() => vatTable(22.5)).toThrow(RangeError);
    expect(() => vatTable(20_000)).toThrow(RangeError);
  });
});

describe('evidenceConflicts', () => {
  it.each([
    // billing, payment, address, conflict
    ['DE', null, null, false],
    ['DE', 'DE', null, false],
    ['DE', 'FR', null, true],
    ['DE', null, 'FR', true],
    ['IT', 'US', null, true],
    ['US', 'FR', null, true],
    ['US', 'GB', null, false],
    // Two pieces agreeing place the buyer, whatever the third says.
    ['DE', 'DE', 'FR', false],
    ['DE', 'FR', 'DE', false],
    ['de', 'DE', 'nl', false],
    // Both others against the billing country: nothing confirms it.
    ['DE', 'FR', 'FR', true],
    ['DE', 'FR', 'NL', true],
  ] as const)(
    'billing %s, payment %s, address %s: conflict %s',
    (billing, payment, address, conflict) => {
      expect(evidenceConflicts({ billing, payment, address })).toBe(conflict);
    },
  );
});
