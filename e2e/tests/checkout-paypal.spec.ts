import { expect, test } from '@playwright/test';
import {
  asClient,
  expectKeysReady,
  freshBuyer,
  guestCartToCheckout,
  payButtonAmount,
  productsOnSale,
  providerPageAmount,
  revealFirstKey,
} from './support.ts';

test.use(asClient());

test('a guest fills a cart, signs in at checkout, pays with PayPal and reveals a key', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const products = await productsOnSale(request, 2);
  await guestCartToCheckout(page, products, await freshBuyer(request, 'paypal'));

  await page.getByRole('radio', { name: 'PayPal' }).check();
  // The price shown is the price charged: the Pay button's amount is what PayPal asks.
  const shown = await payButtonAmount(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  // PayPal's approval page (the local sandbox), then back to the shop.
  await expect(page.getByRole('heading', { name: 'PayPal' })).toBeVisible();
  expect(await providerPageAmount(page, 'paypal')).toEqual(shown);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectKeysReady(page);

  await revealFirstKey(page, products[0]!.name);
});
