import { expect, test } from '@playwright/test';
import {
  asClient,
  expectKeysReady,
  freshBuyer,
  guestCartToCheckout,
  mailsTo,
  payButtonAmount,
  productsOnSale,
  providerPageAmount,
  revealFirstKey,
} from './support.ts';

test.use(asClient());

test('a guest fills a cart, signs in at checkout, pays by card, gets the Italian delivery mail and reveals a key', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const products = await productsOnSale(request, 2);
  // The buyer signed up in Italian: their mails are Italian, whatever the page's language.
  const email = await freshBuyer(request, 'card', 'it');
  await guestCartToCheckout(page, products, email);

  await page.getByRole('radio', { name: 'Card (Checkout.com)' }).check();
  // The price shown is the price charged: the Pay button's amount is what the card page asks.
  const shown = await payButtonAmount(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  // Checkout.com's hosted payment page (the local sandbox), its test card already filled in.
  expect(await providerPageAmount(page, 'checkout')).toEqual(shown);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectKeysReady(page);

  // The delivery mail in the outbox: Italian, with the lines, the VAT and the link to the order.
  const orderId = new URL(page.url()).searchParams.get('order');
  const delivered = (await mailsTo(request, email)).find((m) => m.kind === 'order-delivered');
  expect(delivered?.locale).toBe('it');
  expect(delivered?.subject).toMatch(/^Il tuo ordine \S+ è pronto$/);
  expect(delivered?.text).toContain('Le tue chiavi ti aspettano nel tuo account.');
  expect(delivered?.text).toContain(`${products[0]!.name} × 1: `);
  expect(delivered?.text).toContain('di cui IVA');
  expect(delivered?.text).toContain(`/account?order=${orderId}`);

  await revealFirstKey(page, products[1]!.name);
});
