import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  DEMO_SELLER,
  freshBuyer,
  idToken,
  productsOnSale,
  signInOnLoginPage,
  signInToAdminConsole,
  signInToSellerConsole,
} from './support.ts';

test.use(asClient());

const eur = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('a seller sees the commission taken from a sale, and the payout that pays them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const game = (await productsOnSale(request, 1, { sellerId: DEMO_SELLER }))[0]!;
  const email = await freshBuyer(request, 'payouts');

  // A buyer buys one key of the demo seller, paying on PayPal's page.
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  await buyWithPaypal(page, request, headers, [{ productId: game.id, sellerId: DEMO_SELLER }]);

  // The seller's movements show the sale with the demo seller's rule (4 % and €0.30 a line):
  // commission rounded half up to the cent, the net pending for the holdback.
  const commission = Math.floor((2 * game.cents * 400 + 10_000) / 20_000) + 30;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInToSellerConsole(seller, (p) => p.getByRole('table', { name: 'Your balance' }));
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
