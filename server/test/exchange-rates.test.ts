import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOfferSchema, type Currency } from '@market/shared';
import { freshCodes, newProduct, productDoc, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [admin, seller] = await Promise.all([t.account('admin'), t.account('seller')]);
});
afterAll(() => t.close());

/** A live offer (one key in stock) with the given input prices. */
async function liveOffer(
  productId: string,
  prices: Partial<Record<Currency, number>>,
  owner = seller,
) {
  const offer = await sell(t, owner, productId, prices);
  await uploadKeys(t, owner, offer.id, freshCodes(1));
  return offer;
}

const setRate = (id: string, rate: number) =>
  t.call('PUT', `/api/admin/exchange-rates/${id}`, { token: admin.token, body: { rate } });

async function offerNow(id: string) {
  const res = await t.call('GET', `/api/admin/offers/${id}`, { token: admin.token });
  return AdminOfferSchema.parse(await res.json());
}

describe('exchange rates and offer prices', () => {
  it('prices a EUR-only offer in USD and GBP at the current rates, rounded to cents', async () => {
    expect((await setRate('usd', 1.1234)).status).toBe(200);
    const offer = await liveOffer(await newProduct(t.db), { eur: 1999 });
    // 19.99 × 1.1234 = 22.456766 → 22.46; 19.99 × 0.86 = 17.1914 → 17.19
    expect(offer.prices).toEqual({ eur: 1999, usd: 2246, gbp: 1719 });
    expect((await setRate('usd', 1.08)).status).toBe(200);
  });

  it("re-prices converted offers only, and moves the product's USD range with them", async () => {
    const productId = await newProduct(t.db);
    const converted = await liveOffer(productId, { eur: 1000 });
    const other = await t.account('seller');
    const fixed = await liveOffer(productId, { eur: 2000, usd: 2500 }, other);
    expect(await productDoc(t.db, productId)).toMatchObject({ usdMin: 1080, usdMax: 2500 });

    const res = await setRate('usd', 1.25);
    expect(res.status).toBe(200);

    expect((await offerNow(converted.id)).prices).toEqual({ eur: 1000, usd: 1250, gbp: 860 });
    // The USD price its seller set does not move; its GBP price was converted and stays so.
    expect((await offerNow(fixed.id)).prices).toEqual({ eur: 2000, usd: 2500, gbp: 1720 });
    expect(await productDoc(t.db, productId)).toMatchObject({ usdMin: 1250, usdMax: 2500 });

    const gbp = await setRate('gbp', 0.9);
    expect(gbp.status).toBe(200);
    expect((await offerNow(fixed.id)).prices).toEqual({ eur: 2000, usd: 2500, gbp: 1800 });
    expect(await productDoc(t.db, productId)).toMatchObject({ gbpMin: 900, gbpMax: 1800 });
  });

  it('an offer whose seller then sets the price stops following the rate', async () => {
    const productId = await newProduct(t.db);
    const offer = await liveOffer(productId, { eur: 1000 });
    const edit = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: seller.token,
      body: { prices: { eur: 1000, usd: 1999 } },
    });
    expect(edit.status).toBe(200);
    await setRate('usd', 1.5);
    expect((await offerNow(offer.id)).prices.usd).toBe(1999);
  });
});
