import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_SELLER, idToken } from './support.ts';

// Issue 25, part 4: will it activate for me? (docs/regions.md). A buyer whose browser speaks
// Italian (it-IT: Italy is the first guess) opens a product whose cheapest offer is a ROW key:
// that offer says it does not activate in their country before anything is added, the buy box
// sells the best offer that does, and adding the ROW key asks first.

test.use({ locale: 'it-IT' });

type Sale = {
  offerId: string;
  sellerId: string;
  sellerName: string;
  inStock: boolean;
  apiName: string;
  region: string;
  referenceCents?: { eur: number | null };
};
type Sales = { id: string; url: string; name: string; sales: Sale[] };

/** A Global demo game whose best offer is the demo seller's own keys, with another seller's after it. */
async function mixedCandidate(request: APIRequestContext) {
  const search = await request.post('/api/public/products/search', {
    data: { locale: 'en', categoryId: 'games', region: 'Global', sort: 'price_asc', pageSize: 60 },
  });
  const { items } = (await search.json()) as { items: { id: string }[] };
  const res = await request.post('/api/public/products/info-multiple-sales', {
    data: { productIdList: items.map((p) => p.id), locale: 'en', currency: 'eur' },
  });
  const product = ((await res.json()) as Sales[]).find((p) => {
    const [first, second] = p.sales;
    return (
      first?.sellerId === DEMO_SELLER &&
      first.apiName === 'marketplace' &&
      first.referenceCents?.eur == null &&
      second?.inStock &&
      p.sales.every((s) => s.region === 'Global')
    );
  });
  expect(product, 'a demo game the demo seller sells first, another seller after').toBeDefined();
  return product!;
}

const setRegion = async (request: APIRequestContext, offerId: string, region: string) => {
  const token = await idToken(request, 'seller@example.com');
  const res = await request.put(`/api/seller/offers/${offerId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { region },
  });
  expect(res.ok(), await res.text()).toBe(true);
};

test('a ROW key is marked for an EU buyer, left out of the buy box, and added only once confirmed', async ({
  page,
  request,
}) => {
  const product = await mixedCandidate(request);
  const [row, global] = product.sales as [Sale, Sale];
  // The demo seller's keys become ROW keys: the cheapest offer no longer activates in Italy.
  await setRegion(request, row.offerId, 'ROW');
  try {
    await page.goto(`${product.url}#currency:eur`);
    await expect(page.getByRole('combobox', { name: 'Your country' })).toHaveValue('IT');

    // The best offer is one that activates in Italy: the other seller's, not the cheapest.
    const buyBox = page.locator('[data-buy-box]');
    await expect(buyBox.getByText(`Sold by ${global.sellerName}`)).toBeVisible();
    await expect(buyBox.getByText(`Sold by ${row.sellerName}`)).toBeHidden();

    // The ROW offer says so in the list before anything is added; the other does not.
    const offers = page.getByRole('table');
    const rowOffer = offers.getByRole('row').filter({ hasText: row.sellerName });
    const globalOffer = offers.getByRole('row').filter({ hasText: global.sellerName });
    await expect(rowOffer.getByText('Does not activate in your country')).toBeVisible();
    await expect(
      rowOffer.getByText('Activates in the rest of the world (not Europe)'),
    ).toBeVisible();
    await expect(globalOffer.getByText('Does not activate in your country')).toBeHidden();

    // Adding it asks; Cancel adds nothing.
    await rowOffer.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'This key does not activate in Italy' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('the rest of the world (not Europe)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

    // Add anyway: the line goes in with the buyer's confirmation for Italy.
    await rowOffer.getByRole('button', { name: 'Add to cart' }).click();
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await expect(page.getByText('Added to your cart')).toBeVisible();
    const cart = (await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'))) as {
      products: { sellerId: string; regionConfirmed?: { country: string } }[];
    };
    expect(cart.products).toMatchObject([
      { sellerId: row.sellerId, regionConfirmed: { country: 'IT' } },
    ]);

    // A buyer in the United States is asked nothing: the ROW key is the best offer again.
    await page.getByRole('combobox', { name: 'Your country' }).selectOption('US');
    await expect(buyBox.getByText(`Sold by ${row.sellerName}`)).toBeVisible();
    await expect(rowOffer.getByText('Does not activate in your country')).toBeHidden();

    // The cart page says it again on the line: the country confirmed for, and the day.
    await page.goto('/cart#currency:eur');
    const line = page.getByRole('row').filter({ hasText: product.name });
    await expect(line).toContainText(
      /Does not activate in Italy — you confirmed on \w+ \d+, \d{4}/,
    );
  } finally {
    await setRegion(request, row.offerId, 'Global');
  }
});
