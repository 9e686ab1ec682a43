import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The Auth emulator the marketplace under test started (see playwright.config.ts). */
export const EMULATOR = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 1_400}`;

/**
 * The CodesWholesale sandbox the marketplace under test started (SUPPLIER_SANDBOX_PORT + 2, see
 * playwright.config.ts): its `/sandbox/...` routes set faults and list what it sold.
 */
export const CODESWHOLESALE_SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 302}`;

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${n++}@e2e.example`;

/** An ID token for an account, straight from the emulator's REST API. */
export async function idToken(request: APIRequestContext, email: string, password = 'demopass') {
  const res = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The first link of the latest mail to `to`, read through the admin API as an admin would. */
export async function latestMailLink(request: APIRequestContext, to: string): Promise<string> {
  const token = await idToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  await expect
    .poll(async () => {
      const list = await request.get(
        `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ to }))}`,
        { headers },
      );
      return ((await list.json()) as unknown[]).length;
    })
    .toBeGreaterThan(0);
  const list = await request.get(
    `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ to }))}&sort=["createdAt","DESC"]`,
    { headers },
  );
  const [mail] = (await list.json()) as { text: string }[];
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

/** The mails to `to` in the outbox, newest first, read through the admin API as an admin would. */
export async function mailsTo(request: APIRequestContext, to: string) {
  const token = await idToken(request, 'admin@example.com');
  const list = await request.get(
    `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ to }))}&sort=["createdAt","DESC"]`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(list.ok()).toBe(true);
  return (await list.json()) as {
    kind: string;
    locale: string | null;
    subject: string;
    text: string;
  }[];
}

/**
 * A verified buyer account made through the sign-up API, as the storefront would, in the
 * language the buyer chose there (their mails are written in it).
 */
export async function verifiedBuyer(
  request: APIRequestContext,
  email: string,
  locale: 'en' | 'it' = 'en',
) {
  const res = await request.post('/api/user/profile/add', {
    data: {
      user: { email, name: 'Eva', surname: 'Tester' },
      tokenRecaptcha: 'test-recaptcha-token',
      password: 'demopass',
      locale,
    },
  });
  expect(res.status()).toBe(201);
  expect(
    (await request.get(await latestMailLink(request, email), { maxRedirects: 0 })).status(),
  ).toBe(303);
}

/** Signs the demo admin into the admin console and waits for its menu. */
export async function signInToAdminConsole(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
}

/** The demo seller's shop (`seller@example.com`). */
export const DEMO_SELLER = 'pixel-keys';

/** Signs the demo seller into the seller console and waits for `ready` (what the test needs). */
export async function signInToSellerConsole(page: Page, ready: (page: Page) => Locator) {
  await page.goto('/seller/');
  await page.getByLabel(/email/i).fill('seller@example.com');
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(ready(page)).toBeVisible();
}

/** A demo product with keys in stock: its page and the seller whose offer to pick there. */
export type ProductOnSale = {
  id: string;
  url: string;
  name: string;
  sellerId: string;
  sellerName: string;
};

/** A product on sale as the API lists it: the offer to pick, and its price in EUR cents. */
export type OfferOnSale = ProductOnSale & { offerId: string; cents: number };

/**
 * `count` different demo games on sale with uploaded keys in stock, cheapest first (of `sellerId`
 * only, when given). Cheap and Global on purpose: screening holds a new account's large order for
 * review and refuses a ROW key bought from the EU, and these journeys want the instant delivery.
 */
export async function productsOnSale(
  request: APIRequestContext,
  count: number,
  { sellerId }: { sellerId?: string } = {},
): Promise<OfferOnSale[]> {
  const search = await request.post('/api/public/products/search', {
    data: { locale: 'en', categoryId: 'games', region: 'Global', sort: 'price_asc', pageSize: 60 },
  });
  expect(search.ok()).toBe(true);
  const { items } = (await search.json()) as { items: { id: string }[] };
  const sales = await request.post('/api/public/products/info-multiple-sales', {
    data: { productIdList: items.map((p) => p.id), locale: 'en', currency: 'eur' },
  });
  expect(sales.ok()).toBe(true);
  type Sales = {
    id: string;
    url: string;
    name: string;
    sales: {
      offerId: string;
      sellerId: string;
      sellerName: string;
      inStock: boolean;
      prices: { eur: number };
      apiName: string;
    }[];
  };
  const found: OfferOnSale[] = [];
  for (const product of (await sales.json()) as Sales[]) {
    // Uploaded keys only: the demo seller's on-demand supplier offers are bought from a
    // supplier at checkout, which these journeys do not exercise.
    const sale = product.sales.find(
      (s) =>
        (!sellerId || s.sellerId === sellerId) &&
        s.inStock &&
        s.prices.eur <= 5_000 &&
        s.apiName === 'marketplace',
    );
    if (sale) {
      const { sellerId: seller, sellerName, offerId } = sale;
      const at = { id: product.id, url: product.url, name: product.name };
      found.push({ ...at, sellerId: seller, sellerName, offerId, cents: sale.prices.eur });
    }
  }
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/** A fresh, verified buyer (nothing bought yet), ready to sign in with `demopass`. */
export async function freshBuyer(
  request: APIRequestContext,
  prefix = 'buyer',
  locale: 'en' | 'it' = 'en',
) {
  const email = uniqueEmail(prefix);
  await verifiedBuyer(request, email, locale);
  return email;
}

/** Fills the storefront's sign-in form (the caller has opened /login) and waits to leave it. */
export async function signInOnLoginPage(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demopass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A delivered key: shared's UPLOAD_KEY_CODE_PATTERN (the marketplace's 4×4 codes fit it too). */
export const KEY_CODE = /^[A-Z0-9][A-Z0-9-]{3,62}[A-Z0-9]$/;

/**
 * A guest puts one key of each product in the cart from its page, goes to checkout from /cart,
 * is sent to sign in and comes back to /checkout, which shows both lines (the guest cart merged).
 */
export async function guestCartToCheckout(page: Page, products: ProductOnSale[], email: string) {
  for (const product of products) {
    await page.goto(product.url);
    await page
      .locator('table.offers tr')
      .filter({ hasText: product.sellerName })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await expect(page.getByText('Added to your cart')).toBeVisible();
  }
  await page.goto('/cart');
  for (const product of products) await expect(page.getByText(product.name)).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?destination=(\/|%2F)checkout$/);
  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  for (const product of products) {
    await expect(page.getByText(`1 × ${product.name}`)).toBeVisible();
  }
}

/**
 * A signed-in buyer (`headers` carry their ID token) buys one key of each line through the API
 * cart and a PayPal checkout, pays on the sandbox's page in `page`, and lands on the return page
 * with the keys ready. Answers the order's id.
 */
export async function buyWithPaypal(
  page: Page,
  request: APIRequestContext,
  headers: Record<string, string>,
  lines: Array<{ productId: string; sellerId: string }>,
): Promise<string> {
  const cart = await request.post('/api/cart/addToCart', {
    headers,
    data: { transactionId: Date.now().toString(36), products: lines },
  });
  expect(cart.status()).toBe(200);
  const checkout = await request.post('/api/user/checkout', {
    headers,
    data: { provider: 'paypal', currency: 'eur', locale: 'en' },
  });
  expect(checkout.status()).toBe(201);
  const { orderId, approvalUrl } = (await checkout.json()) as {
    orderId: string;
    approvalUrl: string;
  };
  await page.goto(approvalUrl);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectKeysReady(page);
  return orderId;
}

/** Where the provider sends the buyer back: the return page, saying the keys are ready. */
export async function expectKeysReady(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/complete\?order=[0-9a-f]{24}(&|$)/);
  await expect(page.getByText('Payment received — your keys are ready.')).toBeVisible();
}

/**
 * From the return page to the order in /account, where the right-of-withdrawal notice stands
 * beside the hidden key BEFORE Reveal, a second explicit confirmation (one stray click never
 * reveals); then the code, in a format the marketplace delivers.
 */
export async function revealFirstKey(page: Page, productName: string) {
  await page.getByRole('link', { name: /^See your keys in order / }).click();
  await expect(page).toHaveURL(/\/account\?order=[0-9a-f]{24}$/);
  const keys = page.getByRole('list', { name: `Keys of ${productName}` });
  await expect(keys.getByText(/you lose your EU right of withdrawal/)).toBeVisible();
  await expect(keys.locator('code')).toHaveCount(0);
  await keys.getByRole('button', { name: `Reveal key 1 of ${productName}` }).click();
  await expect(keys.locator('code')).toHaveCount(0);
  await keys.getByRole('button', { name: `Yes, reveal key 1 of ${productName}` }).click();
  await expect(keys.locator('code')).toHaveText(KEY_CODE);
  await expect(keys.getByRole('button', { name: `Copy key 1 of ${productName}` })).toBeVisible();
}

let clients = 0;
/**
 * Test options that make a journey's requests (browser and API) come from an address of its
 * own: the e2e server trusts `X-Forwarded-For` (see playwright.config.ts), so screening's
 * per-address velocity rule counts each journey's orders apart.
 */
export const asClient = () => ({
  extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(process.pid + clients++) % 250}` },
});

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP' };
/**
 * An amount as an English page writes it — the storefront's "Pay $1,234.56", a provider's
 * "EUR 12.34" — as its ISO currency and minor units, so two pages' figures compare exactly.
 */
export function amountIn(text: string): { currency: string; cents: number } {
  const found = /(EUR|USD|GBP|€|\$|£)\s?(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})\b/.exec(text);
  expect(found, `an amount in "${text}"`).not.toBeNull();
  const [, unit, whole, cents] = found!;
  return {
    currency: SYMBOLS[unit!] ?? unit!,
    cents: Number(whole!.replace(/,/g, '')) * 100 + Number(cents),
  };
}

/** The amount on the checkout's Pay button (the cart summary's total). */
export async function payButtonAmount(page: Page) {
  const pay = page.getByRole('button', { name: /^Pay .*\d/ });
  await expect(pay).toBeEnabled();
  return amountIn((await pay.textContent()) ?? '');
}

/**
 * The amount the provider's page asks the buyer for: PayPal's approval page ("Total EUR 12.34"),
 * Checkout.com's hosted page (its heading, "Pay EUR 12.34").
 */
export async function providerPageAmount(page: Page, provider: 'paypal' | 'checkout') {
  const shown =
    provider === 'paypal'
      ? page.getByText(/^Total [A-Z]{3} /)
      : page.getByRole('heading', { name: /^Pay [A-Z]{3} / });
  await expect(shown).toBeVisible();
  return amountIn((await shown.textContent()) ?? '');
}
