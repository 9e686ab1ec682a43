import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  DEMO_SELLER,
  freshBuyer,
  idToken,
  productsOnSale,
  revealFirstKey,
  signInOnLoginPage,
  signInToSellerConsole,
} from './support.ts';

test.use(asClient());

test('a buyer reports a revealed key from /account and the seller replaces it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const product = (await productsOnSale(request, 1, { sellerId: DEMO_SELLER }))[0]!;
  // A key more on the offer: the one the replacement gives.
  const stamp = Date.now().toString(36).toUpperCase().padStart(8, '0').slice(-8);
  const upload = await request.post(`/api/seller/offers/${product.offerId}/keys`, {
    headers: { authorization: `Bearer ${await idToken(request, 'seller@example.com')}` },
    data: { codes: [`CLM-${stamp.slice(0, 4)}-${stamp.slice(4)}-0001`] },
  });
  expect(upload.status()).toBe(200);

  // The buyer pays for one key on PayPal's page, then reveals it in /account.
  const email = await freshBuyer(request, 'claim');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(page, request, headers, [
    { productId: product.id, sellerId: DEMO_SELLER },
  ]);
  await revealFirstKey(page, product.name);
  const first = (await page
    .getByRole('list', { name: `Keys of ${product.name}` })
    .locator('code')
    .textContent())!;

  // The key does not work: the buyer reports it.
  const keys = page.getByRole('list', { name: `Keys of ${product.name}` });
  await keys
    .getByRole('button', { name: `Report a problem with key 1 of ${product.name}` })
    .click();
  const form = page.getByRole('form', { name: `Report a problem with key 1 of ${product.name}` });
  await form.getByLabel('What is wrong?').selectOption({ label: 'The key was already used' });
  await form.getByLabel('Tell us more (optional)').fill('The launcher says it was redeemed');
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(keys.getByText('Reported: waiting for the seller')).toBeVisible();

  // The seller finds the claim in the console and replaces the key.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInToSellerConsole(seller, (p) =>
    p.getByRole('menuitem', { name: 'Claims', exact: true }),
  );
  await seller.getByRole('menuitem', { name: 'Claims', exact: true }).click();
  await seller.getByRole('row').filter({ hasText: product.name }).first().click();
  await expect(seller.getByText('The launcher says it was redeemed').first()).toBeVisible();
  await seller.getByRole('button', { name: 'Replace' }).click();
  const dialog = seller.getByRole('dialog', { name: `Replace the key of ${product.name}?` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(seller.getByText('Replaced: the buyer has the new key')).toBeVisible();
  await sellerContext.close();

  // The buyer sees the old key replaced and reveals the new one, a different code.
  await page.goto(`/account?order=${orderId}`);
  const after = page.getByRole('list', { name: `Keys of ${product.name}` });
  await expect(after.getByText('Replaced: the new key is in this order').first()).toBeVisible();
  await after.getByRole('button', { name: `Reveal key 2 of ${product.name}` }).click();
  await after.getByRole('button', { name: `Yes, reveal key 2 of ${product.name}` }).click();
  await expect(after.locator('code')).toHaveCount(1);
  await expect(after.locator('code')).not.toHaveText(first);
});
