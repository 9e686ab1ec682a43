import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  CheckoutStartedSchema,
  type Order,
  type PaymentProvider,
} from '@market/shared';
import { CHECKOUT_TEST_CARDS } from '../src/sandboxes/checkout-com/index.ts';
import { buyerWith, checkout, settledOrder } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

// The two pieces of evidence of where the buyer belongs (docs/vat.md): the billing country they
// state at checkout and the payment instrument's country the provider reports. The sandboxes'
// rules: Checkout.com's test card 4000 0025 0000 0003 is French, 4000 0084 0000 0009 American,
// any other card is issued in the billing country; PayPal's approval page has the account's
// country, prefilled with the billing country. The server trusts its proxy's CF-IPCountry for
// the third piece, the client address's country.

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;
let productId: string;

beforeAll(async () => {
  t = await startTestServer({
    env: { TRUST_PROXY: 'true', CLIENT_COUNTRY_HEADER: 'CF-IPCountry' },
  });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
  productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1190, usd: 1290, gbp: 990 });
  await uploadKeys(t, seller, offer.id, freshCodes(20));
});
afterAll(() => t.close());

/** A fresh buyer checks out one key billing in `billingCountry` and pays as a browser does. */
async function buy(
  provider: PaymentProvider,
  billingCountry: string,
  pay: { card?: string; paypalCountry?: string; clientCountry?: string } = {},
): Promise<Order> {
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  const res = await checkout(
    t,
    buyer,
    provider,
    { billingCountry },
    pay.clientCountry ? { 'cf-ipcountry': pay.clientCountry } : {},
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  const paid =
    provider === 'paypal'
      ? await clickButton(approvalUrl, 'Pay now', {
          ...(pay.paypalCountry !== undefined && { country: pay.paypalCountry }),
        })
      : await clickButton(approvalUrl, 'Pay', pay.card ? { card_number: pay.card } : {});
  expect(paid.status).toBe(303);
  const back = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  expect(back.status).toBe(200);
  return settledOrder(t, buyer, orderId);
}

async function adminView(id: string) {
  const res = await t.call('GET', `/api/admin/orders/${id}`, { token: admin.token });
  expect(res.status).toBe(200);
  return AdminOrderSchema.parse(await res.json());
}

describe('the payment’s country joins the evidence when the payment settles', () => {
  it('a German buyer paying with a card issued in Germany: approved, German VAT', async () => {
    const order = await buy('checkout', 'DE');
    expect(order.status).toBe('approved');
    expect(order.items[0]!.vatRateBps).toBe(1900);
    expect(order.totals.vat).toBe(190);
    expect(order.tax).toEqual({
      country: 'DE',
      evidence: { billing: 'DE', payment: 'DE', address: null },
      conflict: false,
    });
  });

  it('a German billing country paid with a French card: held for review, the admin reads why', async () => {
    const order = await buy('checkout', 'DE', { card: CHECKOUT_TEST_CARDS.issuedInFrance });
    expect(order.status).toBe('review');
    expect(order.tax).toMatchObject({
      evidence: { billing: 'DE', payment: 'FR' },
      conflict: true,
    });
    const seen = await adminView(order.id);
    expect(seen.decisions.at(-1)).toMatchObject({ status: 'review', actor: 'System' });
    expect(seen.decisions.at(-1)!.reason).toContain(
      'VAT evidence disagrees (billing country DE, payment FR',
    );
  });

  it('an EU billing country paid from outside the EU (PayPal account in the US): review', async () => {
    const order = await buy('paypal', 'IT', { paypalCountry: 'US' });
    expect(order.status).toBe('review');
    expect(order.tax).toMatchObject({ evidence: { billing: 'IT', payment: 'US' }, conflict: true });
  });

  it('a non-EU billing country paid with an EU card: review (it would escape EU VAT)', async () => {
    const order = await buy('checkout', 'US', { card: CHECKOUT_TEST_CARDS.issuedInFrance });
    expect(order.status).toBe('review');
    expect(order.totals.vat).toBe(0);
    expect(order.tax).toMatchObject({ country: null, conflict: true });
  });

  it('an American buyer with an American card: approved, no EU VAT', async () => {
    const order = await buy('checkout', 'US', { card: CHECKOUT_TEST_CARDS.issuedInUnitedStates });
    expect(order.status).toBe('approved');
    expect(order.items[0]!.vatRateBps).toBe(0);
    expect(order.tax).toEqual({
      country: null,
      evidence: { billing: 'US', payment: 'US', address: null },
      conflict: false,
    });
  });

  it('a PayPal account in the billing country (the page prefills it): approved', async () => {
    const order = await buy('paypal', 'FR');
    expect(order.status).toBe('approved');
    expect(order.tax).toMatchObject({
      country: 'FR',
      evidence: { payment: 'FR' },
      conflict: false,
    });
    expect(order.items[0]!.vatRateBps).toBe(2000);
  });
});

describe('the client address’s country, as the trusted proxy reports it, is the third piece', () => {
  it('an address in the billing country: approved, the three pieces recorded', async () => {
    const order = await buy('checkout', 'DE', { clientCountry: 'de' });
    expect(order.status).toBe('approved');
    expect(order.tax).toEqual({
      country: 'DE',
      evidence: { billing: 'DE', payment: 'DE', address: 'DE' },
      conflict: false,
    });
  });

  it('a billing country the card confirms stands against the address (a VPN, a trip)', async () => {
    const order = await buy('checkout', 'DE', { clientCountry: 'FR' });
    expect(order.tax).toEqual({
      country: 'DE',
      evidence: { billing: 'DE', payment: 'DE', address: 'FR' },
      conflict: false,
    });
    // Not for VAT: screening holds a payment from another country than the address's.
    expect(order.status).toBe('review');
    const seen = await adminView(order.id);
    expect(seen.decisions.at(-1)!.reason).toContain('address and payment countries differ');
  });

  it('an address that confirms the billing country against the PayPal account settles VAT', async () => {
    const order = await buy('paypal', 'DE', { paypalCountry: 'FR', clientCountry: 'DE' });
    expect(order.tax).toMatchObject({
      country: 'DE',
      evidence: { billing: 'DE', payment: 'FR', address: 'DE' },
      conflict: false,
    });
    expect(order.items[0]!.vatRateBps).toBe(1900);
  });

  it('account and address both against the billing country: held, the admin reads all three', async () => {
    const order = await buy('paypal', 'DE', { paypalCountry: 'FR', clientCountry: 'FR' });
    expect(order.status).toBe('review');
    expect(order.tax).toMatchObject({ conflict: true });
    const seen = await adminView(order.id);
    expect(seen.decisions.at(-1)!.reason).toContain(
      'VAT evidence disagrees (billing country DE, payment FR, address FR)',
    );
  });

  it('a header that names no country (Cloudflare’s XX, T1 for Tor) is no evidence', async () => {
    const order = await buy('checkout', 'DE', { clientCountry: 'T1' });
    expect(order.status).toBe('approved');
    expect(order.tax).toMatchObject({ evidence: { address: null }, conflict: false });
  });
});
