import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  asClient,
  expectKeysReady,
  freshBuyer,
  guestCartToCheckout,
  idToken,
  payButtonAmount,
  productsOnSale,
  providerPageAmount,
} from './support.ts';

test.use(asClient());

type Prices = Record<'eur' | 'usd' | 'gbp', number>;
type AdminOffer = { prices: Prices; convertedCurrencies: string[] };

/**
 * An admin's edit of an offer's prices, as the console sends it: EUR and the currencies the
 * seller gave (the converted ones follow EUR at the exchange rate).
 */
async function offerPrices(request: APIRequestContext, offerId: string) {
  const headers = { authorization: `Bearer ${await idToken(request, 'admin@example.com')}` };
  const url = `/api/admin/offers/${offerId}`;
  const before = (await (await request.get(url, { headers })).json()) as AdminOffer;
  const given = (add: number) =>
    Object.fromEntries(
      Object.entries(before.prices)
        .filter(([c]) => c === 'eur' || !before.convertedCurrencies.includes(c))
        .map(([c, cents]) => [c, cents + add]),
    );
  const put = async (add: number) =>
    expect((await request.put(url, { headers, data: { prices: given(add) } })).status()).toBe(200);
  return { raise: (cents: number) => put(cents), restore: () => put(0) };
}

const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

test('a price raised while the buyer is on the checkout page: the new total is shown before paying, and the card page asks exactly that', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [product] = await productsOnSale(request, 1);
  // The buyer pays in pounds (the currency the storefront remembers in its cookie).
  await page
    .context()
    .addCookies([{ name: 'currency', value: 'gbp', domain: 'localhost', path: '/' }]);
  await guestCartToCheckout(page, [product!], await freshBuyer(request, 'moved'));
  await page.getByRole('radio', { name: 'Card (Checkout.com)' }).check();
  const shown = await payButtonAmount(page);
  expect(shown.currency).toBe('GBP');

  const offer = await offerPrices(request, product!.offerId);
  try {
    // The seller's price goes up while the page still shows the old total.
    await offer.raise(100);
    await page.getByRole('button', { name: /^Pay / }).click();

    // Nothing charged and no provider page: the checkout says the total moved, from what to what,
    // and the Pay button now carries the new total.
    const told = page.getByRole('alert').filter({ hasText: 'The total changed' });
    await expect(told).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    const now = await payButtonAmount(page);
    expect(now.currency).toBe('GBP');
    expect(now.cents).toBeGreaterThan(shown.cents);
    await expect(told).toContainText(`from ${pounds(shown.cents)} to ${pounds(now.cents)}`);
    await expect(told).toContainText('Nothing was charged');

    // Paying again: the card page asks for the new total, to the penny.
    await page.getByRole('button', { name: /^Pay / }).click();
    expect(await providerPageAmount(page, 'checkout')).toEqual(now);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectKeysReady(page);
  } finally {
    await offer.restore();
  }
});
