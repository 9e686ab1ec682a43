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

const PORT = Number(process.env.E2E_PORT ?? 8091);
/** The same shop under its IP address: another host name, so another set of cookies. */
const BY_ADDRESS = `http://127.0.0.1:${PORT}`;

test('a buyer who browses the shop by its IP address is moved to its canonical origin and pays', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${BY_ADDRESS}/`);
  await expect(page).toHaveURL(`http://localhost:${PORT}/`);

  // Every page they open by the address lands on the canonical origin, cart and session with it.
  const products = (await productsOnSale(request, 1)).map((p) => ({
    ...p,
    url: `${BY_ADDRESS}${p.url}`,
  }));
  await guestCartToCheckout(page, products, await freshBuyer(request, 'by-address'));
  await expect(page).toHaveURL(`http://localhost:${PORT}/checkout`);

  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  // Back from PayPal still signed in: the return page is on the origin the session belongs to.
  await expectKeysReady(page);
  await revealFirstKey(page, products[0]!.name);
});
