import { expect, test } from '@playwright/test';
import {
  amountIn,
  asClient,
  expectKeysReady,
  freshBuyer,
  guestCartToCheckout,
  payButtonAmount,
  productsOnSale,
} from './support.ts';

// A browser in German: the buyer's country is guessed as Germany (storefront/src/lib/buyer-country.ts).
test.use({ ...asClient(), locale: 'de-DE' });

/** The VAT inside a gross amount, in whole cents (docs/vat.md): gross × r / (1 + r), half up. */
const vatInside = (gross: number, bps: number) =>
  Math.floor((2 * gross * bps + (10_000 + bps)) / (2 * (10_000 + bps)));

test('the checkout bills the buyer’s country: the VAT inside the same total follows it, and the order shows its rate', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [product] = await productsOnSale(request, 1);
  const email = await freshBuyer(request, 'vat');
  await guestCartToCheckout(page, [product!], email);

  // Proposed: the buyer's country, with Germany's 19 % inside the price.
  const billing = page.getByLabel('Billing country');
  await expect(billing).toHaveValue('DE');
  const vat = page.locator('.totals .vat dd');
  await expect
    .poll(async () => amountIn((await vat.textContent()) ?? '').cents)
    .toBe(vatInside(product!.cents, 1900));
  const total = await payButtonAmount(page);

  // Billing in France: 20 % inside the same gross total.
  await billing.selectOption('FR');
  await expect
    .poll(async () => amountIn((await vat.textContent()) ?? '').cents)
    .toBe(vatInside(product!.cents, 2000));
  expect(await payButtonAmount(page)).toEqual(total);

  // Paid with a card issued in France (the sandbox's cards are issued in the billing country):
  // the evidence agrees, the keys are delivered at once.
  await page.getByRole('radio', { name: 'Card (Checkout.com)' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectKeysReady(page);

  // The order in /account names the line's rate.
  await page.getByRole('link', { name: /^See your keys in order / }).click();
  await expect(page).toHaveURL(/\/account\?order=[0-9a-f]{24}$/);
  await expect(page.getByText(/VAT 20 %/)).toBeVisible();
});
