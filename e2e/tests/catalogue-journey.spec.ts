import { expect, test } from '@playwright/test';
import { idToken, signInToAdminConsole, signInToSellerConsole } from './support.ts';

/** Four fresh key codes in the marketplace's 4×4 format, unique to this run. */
function freshCodes(): string[] {
  const stamp = Date.now().toString(36).toUpperCase().padStart(8, '0').slice(-8);
  return ['A', 'B', 'C', 'D'].map((c) => `E2E${c}-${stamp.slice(0, 4)}-${stamp.slice(4)}-000${c}`);
}

test('an admin creates a product, a seller sells it with keys, and buyers see the offer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const english = `Nebula Racer ${stamp}`;
  const italian = `Corsa Nebulosa ${stamp}`;

  // The admin creates the product with an Italian name.
  await signInToAdminConsole(page);
  await page.getByRole('menuitem', { name: 'Products' }).click();
  await page.getByRole('link', { name: /new|create/i }).click();
  await page.getByLabel('Name (English)').fill(english);
  await page.getByRole('tab', { name: 'Italiano' }).click();
  await page.getByLabel('Name (Italian)').fill(italian);
  await page.getByRole('tab', { name: 'Classification' }).click();
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Games' }).click();
  await page.getByLabel('Brand').fill('Brightdesk');
  await page.getByLabel('Platform').click();
  await page.getByRole('option', { name: 'Steam', exact: true }).click();
  await page.getByLabel('Region').click();
  await page.getByRole('option', { name: 'Global' }).click();
  await page.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Game key' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/products\/[0-9a-f]{24}|\/products\/[0-9a-f]{24}/);
  const productId = page.url().match(/products\/([0-9a-f]{24})/)![1]!;

  // It is on the Italian storefront at once, under its Italian name.
  const it = await request.post('/api/public/products/info-multiple', {
    data: { productIdList: [productId], locale: 'it' },
  });
  const [product] = (await it.json()) as { url: string; slug: string }[];
  expect(product!.url).toBe(`/it/product/${productId}/${product!.slug}`);
  await page.goto(product!.url);
  await expect(page.getByRole('heading', { level: 1, name: italian })).toBeVisible();

  // One of the seller's five keys is already in the marketplace (on another of its offers).
  const sellerToken = await idToken(request, 'seller@example.com');
  const headers = { authorization: `Bearer ${sellerToken}` };
  // The oldest: an offer of uploaded keys (the newest are the demo's on-demand supplier offers).
  const offers = await request.get('/api/seller/offers?range=[0,0]&sort=["createdAt","ASC"]', {
    headers,
  });
  const [otherOffer] = (await offers.json()) as { id: string }[];
  const [taken, ...fresh] = [...freshCodes(), `E2EX-${stamp.slice(-4).toUpperCase()}-TAKE-N001`];
  const first = await request.post(`/api/seller/offers/${otherOffer!.id}/keys`, {
    headers,
    data: { codes: [taken] },
  });
  expect(((await first.json()) as { accepted: number }).accepted).toBe(1);

  // The seller finds the product in the catalogue, sells it and uploads the five keys.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInToSellerConsole(seller, (p) =>
    p.getByRole('menuitem', { name: 'Catalogue', exact: true }),
  );
  await seller.getByRole('menuitem', { name: 'Catalogue', exact: true }).click();
  await seller.getByPlaceholder(/search/i).fill(english);
  const row = seller.getByRole('row').filter({ hasText: english });
  await row
    .getByRole('link', { name: 'Sell' })
    .or(row.getByRole('button', { name: 'Sell' }))
    .click();
  await seller.getByLabel('Price (EUR)').fill('12.34');
  await seller.getByRole('button', { name: 'Save' }).click();
  // The seller's own key again, written with spaces and in lower case: still the same key.
  const takenAgain = taken.toLowerCase().replaceAll('-', ' ');
  await seller.getByLabel('Keys, one per line').fill([...fresh, takenAgain].join('\n'));
  await seller.getByRole('button', { name: 'Upload keys' }).click();
  await expect(seller.getByText('Accepted 4 · Duplicates 1 · Rejected 0')).toBeVisible();
  await expect(seller.getByText('Keys in stock: 4')).toBeVisible();
  await sellerContext.close();

  // Buyers see the offer, in the currency they pick.
  // USD and GBP come from the admin's default exchange rates (1.08 and 0.86 per EUR).
  const englishPath = product!.url.replace(/^\/it/, '');
  const offerRow = page.locator('table.offers tr').filter({ hasText: 'Pixel Keys' });
  await page.goto(`${englishPath}#currency:eur`);
  await expect(offerRow).toContainText('€12.34');
  await page.goto(`${englishPath}#currency:usd`);
  await expect(offerRow).toContainText('$13.33');
  await page.goto(`${englishPath}#currency:gbp`);
  await expect(offerRow).toContainText('£10.61');

  // The page's Product JSON-LD parses and carries the offer in every currency.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const jsonLd = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Product');
  expect(jsonLd.name).toBe(english);
  const byCurrency = Object.fromEntries(
    (jsonLd.offers as { priceCurrency: string; price: string; availability: string }[]).map((o) => [
      o.priceCurrency,
      o,
    ]),
  );
  expect(Object.keys(byCurrency).sort()).toEqual(['EUR', 'GBP', 'USD']);
  expect(Number(byCurrency['EUR']!.price)).toBe(12.34);
  expect(byCurrency['EUR']!.availability).toBe('https://schema.org/InStock');
});
