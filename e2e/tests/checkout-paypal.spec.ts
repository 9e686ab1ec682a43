import { expect, test } from '@playwright/test';
import { KEY_CODE, freshBuyer, productsOnSale, signInOnLoginPage } from './support.ts';

test('a guest fills a cart, signs in at checkout, pays with PayPal and reveals a key', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const products = await productsOnSale(request, 2);
  const email = await freshBuyer(request, 'paypal');

  // As a guest, one key of each product from its page.
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

  // Back on the checkout, the guest cart merged into the buyer's.
  await expect(page).toHaveURL(/\/checkout$/);
  for (const product of products) {
    await expect(page.getByText(`1 × ${product.name}`)).toBeVisible();
  }
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();

  // PayPal's approval page (the local sandbox), then back to the shop.
  await expect(page.getByRole('heading', { name: 'PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/checkout\/complete\?order=[0-9a-f]{24}(&|$)/);
  await expect(page.getByText('Payment received — your keys are ready.')).toBeVisible();

  // The order in the account: the withdrawal notice stands before the key is revealed.
  await page.getByRole('link', { name: /^See your keys in order / }).click();
  await expect(page).toHaveURL(/\/account\?order=[0-9a-f]{24}$/);
  const [first] = products;
  const keys = page.getByRole('list', { name: `Keys of ${first!.name}` });
  await expect(keys.getByText(/you lose your EU right of withdrawal/)).toBeVisible();
  await expect(keys.locator('code')).toHaveCount(0);
  await keys.getByRole('button', { name: `Reveal key 1 of ${first!.name}` }).click();
  await expect(keys.locator('code')).toHaveText(KEY_CODE);
  await expect(keys.getByRole('button', { name: `Copy key 1 of ${first!.name}` })).toBeVisible();
});
