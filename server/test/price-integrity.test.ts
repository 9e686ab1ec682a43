import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartSchema,
  CartSummarySchema,
  CheckoutStartedSchema,
  CheckoutTotalChangedSchema,
  CouponSchema,
  CURRENCIES,
  OrderSchema,
  PAYMENT_PROVIDERS,
  type CartSummary,
  type Currency,
  type PaymentProvider,
} from '@market/shared';
import { decimalToMinor } from '../src/integrations/payments/amounts.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { CHECKOUT_SANDBOX_CREDENTIALS } from '../src/sandboxes/checkout-com/index.ts';
import { PAYPAL_SANDBOX_CREDENTIALS } from '../src/sandboxes/paypal/index.ts';
import { buyerWith, checkout, settledOrder } from './checkout-fixtures.ts';
import { expectFieldErrors, freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

// Issue 25, part 6: the Pay button shows the cart summary's total, the order records its own,
// the provider captures a third figure. These tests hold them to one number, to the cent, read
// where each lives: the summary API, the buyer's order, and the sandbox's own API as the
// provider would answer it (PayPal's order, Checkout.com's payment), plus the provider's page.

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (checkout-fixtures' `checkout`): velocity
  // screening per address would otherwise hold the orders for review.
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

/** A product `seller` sells at `prices` (cents; the missing ones converted), with keys. */
async function onSale(prices: Partial<Record<Currency, number>>, zeroVat = false) {
  const productId = await newProduct(t.db);
  const { id: offerId } = await sell(t, seller, productId, prices, { zeroVat });
  await uploadKeys(t, seller, offerId, freshCodes(100));
  return { productId, offerId };
}

let serial = 0;
/** A coupon the admin creates (fields as the console sends them). */
async function coupon(fields: Record<string, unknown>) {
  const res = await t.call('POST', '/api/admin/coupons', {
    token: admin.token,
    body: { code: `TRUE${process.pid}X${serial++}`, ...fields },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return CouponSchema.parse(await res.json());
}

/** What the checkout page shows: the summary of the buyer's server cart (VAT of `billingCountry`). */
async function summaryOf(
  buyer: TestAccount,
  currency: Currency,
  couponCode?: string,
  billingCountry?: string,
) {
  const cart = CartSchema.parse(
    await (await t.call('GET', '/api/cart/get', { token: buyer.token })).json(),
  );
  const res = await t.call('POST', '/api/cart/updateCartSummary', {
    token: buyer.token,
    body: {
      products: cart.products,
      currency,
      locale: 'en',
      ...(couponCode && { couponCode }),
      ...(billingCountry && { billingCountry }),
    },
  });
  expect(res.status).toBe(200);
  return CartSummarySchema.parse(await res.json());
}

/** The amount a provider's page asks the buyer to pay, in minor units ("EUR 12.34" → 1234). */
async function amountOnPage(provider: PaymentProvider, approvalUrl: string) {
  const page = await (await fetch(approvalUrl)).text();
  const shown =
    provider === 'paypal'
      ? /Total <strong>([A-Z]{3}) ([\d.]+)<\/strong>/.exec(page)
      : /<h1>Pay ([A-Z]{3}) ([\d.]+)<\/h1>/.exec(page);
  expect(shown, page).not.toBeNull();
  return { currency: shown![1]!, cents: decimalToMinor(shown![2]!, shown![1]!) };
}

/** What the provider says it captured for the order, asked through its API. */
async function capturedAtProvider(orderId: string) {
  const doc = await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(orderId) });
  const payment = doc!.payment!;
  const urls = t.paymentSandboxes.urls;
  if (payment.provider === 'paypal') {
    const { clientId, clientSecret } = PAYPAL_SANDBOX_CREDENTIALS;
    const auth = await fetch(`${urls.paypal}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await auth.json()) as { access_token: string };
    const res = await fetch(`${urls.paypal}/v2/checkout/orders/${payment.providerRef}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.status).toBe(200);
    type Captures = {
      status: string;
      purchase_units: {
        payments?: {
          captures: { status: string; amount: { currency_code: string; value: string } }[];
        };
      }[];
    };
    const order = (await res.json()) as Captures;
    const captures = order.purchase_units[0]!.payments?.captures ?? [];
    expect(order.status).toBe('COMPLETED');
    expect(captures.map((c) => c.status)).toEqual(['COMPLETED']);
    const { currency_code, value } = captures[0]!.amount;
    return { currency: currency_code, cents: decimalToMinor(value, currency_code) };
  }
  const res = await fetch(`${urls.checkout}/payments/${payment.captureId}`, {
    headers: { authorization: `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}` },
  });
  expect(res.status).toBe(200);
  const paid = (await res.json()) as {
    status: string;
    currency: string;
    balances: { total_captured: number };
  };
  expect(paid.status).toBe('Captured');
  return { currency: paid.currency, cents: paid.balances.total_captured };
}

/** The buyer pays on the provider's page as a browser does, and comes back. */
async function payAndReturn(
  buyer: TestAccount,
  provider: PaymentProvider,
  approvalUrl: string,
  orderId: string,
) {
  const { status } = await clickButton(approvalUrl, provider === 'paypal' ? 'Pay now' : 'Pay');
  expect(status).toBe(303);
  const back = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  expect(back.status).toBe(200);
  return settledOrder(t, buyer, orderId);
}

/** The buyer's orders, as their account lists them. */
async function ordersOf(buyer: TestAccount) {
  const res = await t.call('GET', '/api/user/orders', { token: buyer.token });
  expect(res.status).toBe(200);
  return OrderSchema.array().parse(await res.json());
}

describe('the price shown is the price charged', () => {
  // Odd cents in every currency, a zero-VAT line and a quantity of 3: a 15 % coupon then splits
  // with remainders, the case where a second rounding would show first.
  let lines: Array<{ productId: string; quantity: number }>;
  let percent: string;
  beforeAll(async () => {
    const [game, card] = await Promise.all([
      onSale({ eur: 1999, usd: 2149, gbp: 1733 }),
      onSale({ eur: 1001, usd: 1111, gbp: 899 }, true),
    ]);
    lines = [
      { productId: game.productId, quantity: 3 },
      { productId: card.productId, quantity: 1 },
    ];
    percent = (await coupon({ kind: 'percent', percentBps: 1500 })).code;
  });

  // Two Member States far apart in VAT (Germany 19 %, Hungary 27 %): prices are gross and the
  // same for everyone, so the total must not move with the country, only the VAT inside it.
  const RATES = { DE: 1900, HU: 2700 } as const;
  const COUNTRIES = Object.keys(RATES) as (keyof typeof RATES)[];
  const table = CURRENCIES.flatMap((currency) =>
    [false, true].flatMap((withCoupon) =>
      COUNTRIES.flatMap((country) =>
        PAYMENT_PROVIDERS.map((provider) => ({ currency, withCoupon, country, provider })),
      ),
    ),
  );

  it.each(table)(
    '$currency, coupon $withCoupon, VAT of $country, $provider: summary total = provider page = order total = captured',
    async ({ currency, withCoupon, country, provider }) => {
      const buyer = await buyerWith(t, seller, lines);
      const couponCode = withCoupon ? percent : undefined;
      const summary = await summaryOf(buyer, currency, couponCode, country);
      expect(summary.coupon?.valid ?? null).toBe(withCoupon ? true : null);
      expect(summary.discountCents > 0).toBe(withCoupon);
      expect(summary.quantityTotal).toBe(4);
      expect(summary.lines.map((l) => l.vatRateBps)).toEqual([RATES[country], 0]);
      // The other country's summary: the same total, other VAT inside it.
      const other = COUNTRIES.find((c) => c !== country)!;
      const elsewhere = await summaryOf(buyer, currency, couponCode, other);
      expect(elsewhere.totalCents).toBe(summary.totalCents);
      expect(elsewhere.vatIncludedCents).not.toBe(summary.vatIncludedCents);

      const res = await checkout(t, buyer, provider, {
        currency,
        ...(couponCode && { couponCode }),
        billingCountry: country,
        expectedTotalCents: summary.totalCents,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
      const upper = currency.toUpperCase();
      expect(await amountOnPage(provider, approvalUrl)).toEqual({
        currency: upper,
        cents: summary.totalCents,
      });

      const order = await payAndReturn(buyer, provider, approvalUrl, orderId);
      expect(order.status).toBe('approved');
      expect(order.currency).toBe(currency);
      expect(order.tax?.country).toBe(country);
      expect(order.items.map((i) => i.vatRateBps).sort()).toEqual([0, RATES[country]]);
      expect(order.totals).toMatchObject({
        subtotal: summary.subtotalCents,
        discount: summary.discountCents,
        vat: summary.vatIncludedCents,
        total: summary.totalCents,
      });
      expect(await capturedAtProvider(orderId)).toEqual({
        currency: upper,
        cents: summary.totalCents,
      });
    },
  );
});

describe('a price that changes between the summary and the payment', () => {
  /** A buyer with one line of a fresh offer in the cart, and the summary they were shown. */
  async function shown(prices: Partial<Record<Currency, number>>, currency: Currency = 'eur') {
    const { productId, offerId } = await onSale(prices);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 2 }]);
    return { buyer, offerId, summary: await summaryOf(buyer, currency) };
  }

  /** The 409 of a total that moved: nothing placed, the new summary in the answer. */
  async function refused(res: Response, buyer: TestAccount, now: CartSummary) {
    expect(res.status).toBe(409);
    const body = CheckoutTotalChangedSchema.parse(await res.json());
    expect(Object.keys(body.errors ?? {})).toEqual(['expectedTotalCents']);
    expect(body.summary).toEqual(now);
    expect(await ordersOf(buyer)).toEqual([]);
    // The cart is kept: the buyer pays again at the total they now see.
    expect(now.quantityTotal).toBeGreaterThan(0);
    return body.summary;
  }

  it('a seller’s new price: 409 with the new summary, no order; paying at the new total works', async () => {
    const { buyer, offerId, summary } = await shown({ eur: 1250, usd: 1350, gbp: 1150 });
    expect(summary.totalCents).toBe(2500);
    const edit = await t.call('PUT', `/api/seller/offers/${offerId}`, {
      token: seller.token,
      body: { prices: { eur: 1399, usd: 1350, gbp: 1150 } },
    });
    expect(edit.status).toBe(200);

    const res = await checkout(t, buyer, 'paypal', { expectedTotalCents: summary.totalCents });
    const now = await refused(res, buyer, await summaryOf(buyer, 'eur'));
    expect(now.totalCents).toBe(2798);

    const again = await checkout(t, buyer, 'checkout', { expectedTotalCents: now.totalCents });
    expect(again.status).toBe(201);
    const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await again.json());
    expect((await amountOnPage('checkout', approvalUrl)).cents).toBe(2798);
    const order = await payAndReturn(buyer, 'checkout', approvalUrl, orderId);
    expect(order.totals.total).toBe(2798);
    expect((await capturedAtProvider(orderId)).cents).toBe(2798);
  });

  it('a lower price is shown before paying too: the buyer pays what they saw', async () => {
    const { buyer, offerId, summary } = await shown({ eur: 1500, usd: 1600, gbp: 1300 }, 'usd');
    const edit = await t.call('PUT', `/api/seller/offers/${offerId}`, {
      token: seller.token,
      body: { prices: { eur: 1500, usd: 1450, gbp: 1300 } },
    });
    expect(edit.status).toBe(200);
    const res = await checkout(t, buyer, 'paypal', {
      currency: 'usd',
      expectedTotalCents: summary.totalCents,
    });
    const now = await refused(res, buyer, await summaryOf(buyer, 'usd'));
    expect([summary.totalCents, now.totalCents]).toEqual([3200, 2900]);
  });

  it('a moved exchange rate re-prices a converted offer: 409 in that currency', async () => {
    // Only EUR given: the USD price is converted at the admin's rate.
    const { buyer, summary } = await shown({ eur: 1000 }, 'usd');
    const rates = await t.call('GET', '/api/admin/exchange-rates/usd', { token: admin.token });
    const { rate } = (await rates.json()) as { rate: number };
    const moved = await t.call('PUT', '/api/admin/exchange-rates/usd', {
      token: admin.token,
      body: { rate: rate * 1.1 },
    });
    expect(moved.status).toBe(200);

    const res = await checkout(t, buyer, 'checkout', {
      currency: 'usd',
      expectedTotalCents: summary.totalCents,
    });
    const now = await refused(res, buyer, await summaryOf(buyer, 'usd'));
    expect(now.totalCents).toBeGreaterThan(summary.totalCents);
    // The EUR total did not move: a checkout in EUR at the total shown in EUR goes through.
    const eur = await summaryOf(buyer, 'eur');
    expect(eur.totalCents).toBe(2000);
    const inEur = await checkout(t, buyer, 'paypal', { expectedTotalCents: 2000 });
    expect(inEur.status).toBe(201);
  });

  it('an expired coupon: 409 on the coupon, no order, and the summary shows the full price', async () => {
    const { productId } = await onSale({ eur: 2000, usd: 2000, gbp: 2000 });
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const created = await coupon({ kind: 'fixed', amounts: { eur: 500 } });
    const summary = await summaryOf(buyer, 'eur', created.code);
    expect(summary.totalCents).toBe(1500);
    const off = await t.call('PUT', `/api/admin/coupons/${created.id}`, {
      token: admin.token,
      body: { ...created, validUntil: new Date(Date.now() - 1000).toISOString() },
    });
    expect(off.status, await off.clone().text()).toBe(200);

    const res = await checkout(t, buyer, 'paypal', {
      couponCode: created.code,
      expectedTotalCents: summary.totalCents,
    });
    await expectFieldErrors(res, 409, ['couponCode']);
    expect(await ordersOf(buyer)).toEqual([]);
    const now = await summaryOf(buyer, 'eur', created.code);
    expect(now.coupon?.valid).toBe(false);
    expect(now.totalCents).toBe(2000);
  });

  it('an unchanged total goes through, and a malformed one is a 400 with its field', async () => {
    const { buyer, summary } = await shown({ eur: 777, usd: 888, gbp: 666 }, 'gbp');
    for (const bad of [-1, 1.5, '1332']) {
      const res = await checkout(t, buyer, 'paypal', { currency: 'gbp', expectedTotalCents: bad });
      await expectFieldErrors(res, 400, ['expectedTotalCents']);
    }
    const res = await checkout(t, buyer, 'paypal', {
      currency: 'gbp',
      expectedTotalCents: summary.totalCents,
    });
    expect(res.status).toBe(201);
  });
});
