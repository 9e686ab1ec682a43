import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSummarySchema, EU_STANDARD_VAT_RATES, type VatRate } from '@market/shared';
import { placeDirectly, recordCapture, serviceContainer } from './checkout-fixtures.ts';
import { freshCodes, newProduct, rejection, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;
let product: { productId: string; offerId: string };

beforeAll(async () => {
  t = await startTestServer();
  [admin, seller] = await Promise.all([t.account('admin'), t.account('seller')]);
  // What main.ts's migration does at start: the code's table written into `vat_rates`.
  await t.container.vatService.seed();
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1190, usd: 1290, gbp: 990 });
  await uploadKeys(t, seller, offer.id, freshCodes(20));
  product = { productId, offerId: offer.id };
});
afterAll(() => t.close());

const admins = () => raClient(t.url, 'admin', admin.token);
const page = { page: 1, perPage: 100 };

describe('the admin’s vat-rates resource (ra-data-simple-rest)', () => {
  it('lists the seeded table: every Member State, with the rates that changed since 2021 by day', async () => {
    const { data, total } = await admins().getList<VatRate>('vat-rates', {
      pagination: page,
      sort: { field: 'country', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(EU_STANDARD_VAT_RATES.length);
    expect(new Set(data.map((r) => r.country)).size).toBe(27);
    const estonia = data.filter((r) => r.country === 'EE').map((r) => [r.from, r.rateBps]);
    expect(estonia).toEqual([
      ['2021-07-01', 2000],
      ['2024-01-01', 2200],
      ['2025-07-01', 2400],
    ]);
    expect(data.every((r) => r.seeded && r.note)).toBe(true);

    const finland = await admins().getList<VatRate>('vat-rates', {
      pagination: page,
      sort: { field: 'from', order: 'DESC' },
      filter: { country: 'FI' },
    });
    expect(finland.data.map((r) => r.rateBps)).toEqual([2550, 2400]);
    const many = await admins().getMany<VatRate>('vat-rates', { ids: [finland.data[0]!.id] });
    expect(many.data).toEqual([finland.data[0]]);
  });

  it('seeding again changes nothing', async () => {
    await t.container.vatService.seed();
    const { total } = await admins().getList('vat-rates', {
      pagination: page,
      sort: { field: 'country', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(EU_STANDARD_VAT_RATES.length);
  });

  it('an admin adds a future rate: audited, and orders from that day pay it', async () => {
    const { data } = await admins().create<VatRate>('vat-rates', {
      data: { country: 'DE', rateBps: 2100, from: '2099-01-01', note: 'Test announcement' },
    });
    expect(data).toMatchObject({ country: 'DE', rateBps: 2100, from: '2099-01-01', seeded: false });
    const audit = await t.db.collection('auditLog').findOne({ action: 'vatRate.create' });
    expect(audit).toMatchObject({
      actor: { uid: admin.uid },
      target: { type: 'vatRate', id: data.id },
      details: { country: 'DE', rateBps: 2100, from: '2099-01-01' },
    });
    expect(await t.container.vatService.rateOf('DE', new Date('2099-01-01T00:00:00Z'))).toBe(2100);
    expect(await t.container.vatService.rateOf('DE', new Date('2098-12-31T23:59:59Z'))).toBe(1900);
    // Today's carts still pay today's rate.
    const res = await t.call('POST', '/api/cart/updateCartSummary', {
      token: (await t.account('user')).token,
      body: {
        currency: 'eur',
        billingCountry: 'DE',
        products: [{ productId: product.productId, sellerId: seller.sellerId, quantity: 1 }],
      },
    });
    expect(CartSummarySchema.parse(await res.json()).lines[0]!.vatRateBps).toBe(1900);
  });

  it('refuses a rate from today or before (400), twice the same day (409), or below 15 % (400)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const past = await rejection(
      admins().create('vat-rates', { data: { country: 'FR', rateBps: 2100, from: today } }),
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ errors: { from: expect.any(String) } });
    const twice = await rejection(
      admins().create('vat-rates', { data: { country: 'DE', rateBps: 2200, from: '2099-01-01' } }),
    );
    expect(twice.status).toBe(409);
    const low = await rejection(
      admins().create('vat-rates', { data: { country: 'FR', rateBps: 500, from: '2099-01-01' } }),
    );
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ errors: { rateBps: expect.any(String) } });
    const notEu = await rejection(
      admins().create('vat-rates', { data: { country: 'GB', rateBps: 2000, from: '2099-01-01' } }),
    );
    expect(notEu.status).toBe(400);
  });

  it('is the admins’ only', async () => {
    const user = await t.account('user');
    const res = await t.call('GET', '/api/admin/vat-rates', { token: user.token });
    expect(res.status).toBe(403);
    const report = await t.call('GET', '/api/admin/vat/oss-report?year=2026&quarter=4', {
      token: user.token,
    });
    expect(report.status).toBe(403);
  });
});

describe('the OSS quarterly report (CSV)', () => {
  it('sums the taxable amount and VAT per Member State, rate and currency, and converts to euro', async () => {
    const { orderService } = serviceContainer(t);
    let n = 0;
    const sale = async (billingCountry: string, currency: 'eur' | 'usd' | 'gbp', quantity = 1) => {
      const buyer = await t.account('user');
      const order = await placeDirectly(
        orderService,
        buyer,
        [{ offerId: product.offerId, quantity }],
        `10.7.0.${++n}`,
        { currency, billingCountry },
      );
      const { order: paid } = await recordCapture(orderService, order, { currency });
      expect(paid.status).toBe('approved');
    };
    await sale('DE', 'eur'); // 11.90: 1.90 VAT
    await sale('DE', 'eur', 2); // 23.80: 3.80 VAT
    await sale('DE', 'usd'); // 12.90: 2.06 VAT (12.90 × 19 / 119 = 2.0597)
    await sale('FR', 'gbp'); // 9.90: 1.65 VAT
    await sale('IT', 'eur'); // the shop's own country: its domestic return
    await sale('US', 'eur'); // outside the EU: no EU VAT

    const now = new Date();
    const year = now.getUTCFullYear();
    const quarter = Math.floor(now.getUTCMonth() / 3) + 1;
    const res = await t.call(
      'GET',
      `/api/admin/vat/oss-report?year=${year}&quarter=${quarter}&usd=1.1&gbp=0.85`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`oss-${year}-q${quarter}.csv`);
    expect((await res.text()).trim().split('\r\n')).toEqual([
      'country,vat_rate_percent,currency,taxable_amount,vat_amount,exchange_rate_per_eur,exchange_rate_source,taxable_amount_eur,vat_amount_eur',
      'DE,19,EUR,30.00,5.70,1,eur,30.00,5.70',
      // 10.84 / 1.1 = 9.8545…, 2.06 / 1.1 = 1.8727…
      'DE,19,USD,10.84,2.06,1.1,ecb-given,9.85,1.87',
      // 8.25 / 0.85 = 9.7058…, 1.65 / 0.85 = 1.9411…
      'FR,20,GBP,8.25,1.65,0.85,ecb-given,9.71,1.94',
    ]);

    // Without the ECB's rates, the shop's own (as its admins set them), named as such.
    const shop = await t.call('GET', `/api/admin/vat/oss-report?year=${year}&quarter=${quarter}`, {
      token: admin.token,
    });
    const rows = (await shop.text()).trim().split('\r\n');
    expect(rows[2]).toMatch(/^DE,19,USD,10\.84,2\.06,[\d.]+,shop-rate,/);

    // Another quarter holds none of them.
    const other = await t.call('GET', `/api/admin/vat/oss-report?year=${year - 1}&quarter=1`, {
      token: admin.token,
    });
    expect((await other.text()).trim().split('\r\n')).toHaveLength(1);
  });

  it('answers 400 with field errors for a quarter that is not one', async () => {
    const res = await t.call('GET', '/api/admin/vat/oss-report?year=2026&quarter=5', {
      token: admin.token,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: object }).errors).toHaveProperty('quarter');
  });
});
