import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  asClient,
  expectKeysReady,
  freshBuyer,
  idToken,
  signInOnLoginPage,
  signInToAdminConsole,
} from './support.ts';

test.use(asClient());

const eur = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A cheap game of the demo seller (Pixel Keys) with uploaded keys in stock. */
async function demoSellerGame(request: APIRequestContext) {
  const search = await request.post('/api/public/products/search', {
    data: { locale: 'en', categoryId: 'games', region: 'Global', sort: 'price_asc', pageSize: 60 },
  });
  const { items } = (await search.json()) as { items: { id: string }[] };
  const sales = await request.post('/api/public/products/info-multiple-sales', {
    data: { productIdList: items.map((p) => p.id), locale: 'en', currency: 'eur' },
  });
  type Sales = {
    id: string;
    name: string;
    sales: { sellerId: string; inStock: boolean; prices: { eur: number }; apiName: string }[];
  };
  for (const product of (await sales.json()) as Sales[]) {
    const sale = product.sales.find(
      (s) =>
        s.sellerId === 'pixel-keys' &&
        s.inStock &&
        s.prices.eur <= 5_000 &&
        s.apiName === 'marketplace',
    );
    if (sale) return { id: product.id, name: product.name, cents: sale.prices.eur };
  }
  throw new Error('no game of the demo seller on sale');
}

async function signInToSellerConsole(page: Page) {
  await page.goto('/seller/');
  await page.getByLabel(/email/i).fill('seller@example.com');
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('table', { name: 'Your balance' })).toBeVisible();
}

test('a seller sees the commission taken from a sale, and the payout that pays them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const game = await demoSellerGame(request);
  const email = await freshBuyer(request, 'payouts');

  // A buyer buys one key of the demo seller, paying on PayPal's page.
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const cart = await request.post('/api/cart/addToCart', {
    headers,
    data: {
      transactionId: Date.now().toString(36),
      products: [{ productId: game.id, sellerId: 'pixel-keys' }],
    },
  });
  expect(cart.status()).toBe(200);
  const checkout = await request.post('/api/user/checkout', {
    headers,
    data: { provider: 'paypal', currency: 'eur', locale: 'en' },
  });
  expect(checkout.status()).toBe(201);
  const { approvalUrl } = (await checkout.json()) as { approvalUrl: string };
  await page.goto(approvalUrl);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectKeysReady(page);

  // The seller's movements show the sale with the demo seller's rule (4 % and €0.30 a line):
  // commission rounded half up to the cent, the net pending for the holdback.
  const commission = Math.floor((2 * game.cents * 400 + 10_000) / 20_000) + 30;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInToSellerConsole(seller);
  await seller.getByRole('menuitem', { name: 'Balance movements' }).click();
  const saleRow = seller.getByRole('row').nth(1);
  await expect(saleRow).toContainText('Sale');
  await expect(saleRow).toContainText(eur(game.cents));
  await expect(saleRow).toContainText('4.00 %');
  await expect(saleRow).toContainText(eur(commission));
  await expect(saleRow).toContainText(eur(game.cents - commission));
  await expect(saleRow).toContainText('Pending');

  // The admin runs the payouts now: the demo seller's available money goes out through PayPal.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Payouts' }).click();
  await admin.getByRole('button', { name: 'Run PayPal payouts now' }).click();
  await expect(admin.getByText(/payouts? made/)).toBeVisible();
  await adminContext.close();

  // The seller sees the new payout paid (PayPal's webhook settled it), next to the demo's
  // earlier transfer, and the dashboard counts it as paid out.
  await seller.getByRole('menuitem', { name: 'Payouts' }).click();
  const paypalRow = seller.getByRole('row').filter({ hasText: 'PayPal' }).first();
  await expect(async () => {
    await seller.reload();
    await expect(paypalRow).toContainText('Paid', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(seller.getByRole('row').filter({ hasText: 'SEPA-DEMO-0001' })).toContainText('Paid');
  await seller.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(seller.getByRole('columnheader', { name: 'Paid out' })).toBeVisible();
  await sellerContext.close();
});
