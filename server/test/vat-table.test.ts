import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSummarySchema, CURRENCIES, type Currency, type Order } from '@market/shared';
import { placeDirectly, serviceContainer } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * The standard rates in force in 2026, written out here by hand (not read from the code's table)
 * so a wrong row in `EU_STANDARD_VAT_RATES` fails: European Commission, "VAT rates applied in
 * the Member States" (1 January 2025), with EE 24 % from 2025-07-01, SK 23 % from 2025-01-01,
 * FI 25.5 % from 2024-09-01 and RO 21 % from 2025-08-01.
 */
const RATES_2026: Record<string, number> = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100,
  FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700,
  LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
  // Outside the EU: no EU VAT.
  US: 0, GB: 0, CH: 0,
}; // prettier-ignore

/**
 * The VAT inside a gross amount at a rate, in exact integers: gross × r / (1 + r), rounded half
 * up (what `vatIncludedCents` does with floats, half away from zero on positive amounts).
 */
const vatInside = (gross: number, bps: number) =>
  bps === 0 ? 0 : Math.floor((2 * gross * bps + (10_000 + bps)) / (2 * (10_000 + bps)));

let t: TestServer;
let seller: TestAccount;
let buyer: TestAccount;
const lines: Array<{ productId: string; offerId: string; prices: Record<Currency, number> }> = [];
let zeroVat: { productId: string; offerId: string };

beforeAll(async () => {
  t = await startTestServer({ env: { VAT_RATE_BPS: '2200' } });
  [seller, buyer] = await Promise.all([t.account('seller'), t.account('user')]);
  // Prices whose VAT lands on a half cent at some rate, and odd ones.
  for (const prices of [
    { eur: 1999, usd: 2199, gbp: 1749 },
    { eur: 105, usd: 1, gbp: 12345 },
  ]) {
    const productId = await newProduct(t.db);
    const offer = await sell(t, seller, productId, prices);
    await uploadKeys(t, seller, offer.id, freshCodes(300));
    lines.push({ productId, offerId: offer.id, prices });
  }
  const productId = await newProduct(t.db);
  const res = await t.call('POST', '/api/seller/offers', {
    token: seller.token,
    body: { productId, prices: { eur: 999, usd: 1099, gbp: 899 }, zeroVat: true },
  });
  expect(res.status).toBe(201);
  const offerId = ((await res.json()) as { id: string }).id;
  await uploadKeys(t, seller, offerId, freshCodes(200));
  zeroVat = { productId, offerId };
});
afterAll(() => t.close());

const QUANTITIES = [3, 1, 2];

describe('VAT by the billing country: 27 Member States and 3 countries outside, in 3 currencies', () => {
  it('the cart summary carries each country’s standard rate and the VAT to the cent', async () => {
    for (const [country, bps] of Object.entries(RATES_2026)) {
      for (const currency of CURRENCIES) {
        const res = await t.call('POST', '/api/cart/updateCartSummary', {
          token: buyer.token,
          body: {
            currency,
            billingCountry: country,
            products: [...lines, zeroVat].map((l, i) => ({
              productId: l.productId,
              sellerId: seller.sellerId,
              quantity: QUANTITIES[i],
            })),
          },
        });
        expect(res.status, `${country} ${currency}`).toBe(200);
        const summary = CartSummarySchema.parse(await res.json());
        const expected = lines.map((l, i) => vatInside(l.prices[currency] * QUANTITIES[i]!, bps));
        expect(
          summary.lines.map((l) => [l.vatRateBps, l.vatIncludedCents]),
          `${country} ${currency}`,
        ).toEqual([...expected.map((vat) => [bps, vat]), [0, 0]]);
        expect(summary.vatIncludedCents, `${country} ${currency}`).toBe(
          expected.reduce((a, b) => a + b, 0),
        );
        // The gross price is the same everywhere: only the VAT inside it moves.
        expect(summary.totalCents).toBe(
          lines.reduce((s, l, i) => s + l.prices[currency] * QUANTITIES[i]!, 0) +
            [999, 1099, 899][CURRENCIES.indexOf(currency)]! * QUANTITIES[2]!,
        );
      }
    }
  });

  it('an order placed with a billing country records that rate, the VAT and the tax record', async () => {
    const { orderService } = serviceContainer(t);
    let n = 0;
    for (const [country, bps] of Object.entries(RATES_2026)) {
      for (const currency of CURRENCIES) {
        const order: Order = await placeDirectly(
          orderService,
          buyer,
          [...lines, zeroVat].map((l, i) => ({ offerId: l.offerId, quantity: QUANTITIES[i]! })),
          `10.9.${Math.floor(n / 200)}.${(n++ % 200) + 1}`,
          { currency, billingCountry: country },
        );
        const expected = lines.reduce(
          (s, l, i) => s + vatInside(l.prices[currency] * QUANTITIES[i]!, bps),
          0,
        );
        expect(order.items.map((i) => i.vatRateBps)).toEqual([bps, bps, 0]);
        expect(order.totals.vat, `${country} ${currency}`).toBe(expected);
        expect(order.tax).toEqual({
          country: bps ? country : null,
          evidence: { billing: country, payment: null, address: null },
          conflict: false,
        });
      }
    }
  });

  it('without a billing country the summary keeps the shop’s own rate (Italy’s 22 %)', async () => {
    const res = await t.call('POST', '/api/cart/updateCartSummary', {
      token: buyer.token,
      body: {
        currency: 'eur',
        products: [{ productId: lines[0]!.productId, sellerId: seller.sellerId, quantity: 1 }],
      },
    });
    const summary = CartSummarySchema.parse(await res.json());
    expect(summary.lines[0]).toMatchObject({ vatRateBps: 2200, vatIncludedCents: 360 });
  });

  it('refuses a billing country that is not an ISO 3166-1 alpha-2 code with a field error', async () => {
    for (const billingCountry of ['XX', 'Germany', 'de', 7]) {
      const res = await t.call('POST', '/api/cart/updateCartSummary', {
        token: buyer.token,
        body: { currency: 'eur', billingCountry, products: [] },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors)).toContain('billingCountry');
    }
  });
});
