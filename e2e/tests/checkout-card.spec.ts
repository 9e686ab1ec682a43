import { expect, test } from '@playwright/test';
import {
  asClient,
  expectKeysReady,
  freshBuyer,
  guestCartToCheckout,
  productsOnSale,
  revealFirstKey,
} from './support.ts';

test.use(asClient());

test('a guest fills a cart, signs in at checkout, pays by card and reveals a key', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const products = await productsOnSale(request, 2);
  await guestCartToCheckout(page, products, await freshBuyer(request, 'card'));

  await page.getByRole('radio', { name: 'Card (Checkout.com)' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();

  // Checkout.com's hosted payment page (the local sandbox), its test card already filled in.
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectKeysReady(page);

  await revealFirstKey(page, products[1]!.name);
});
