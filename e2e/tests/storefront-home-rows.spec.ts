import { expect, test } from '@playwright/test';
import { DEMO_SELLER, idToken, productsOnSale } from './support.ts';

// Issue 24: the home page's rows buyers use — bestsellers, new arrivals and price drops.

test('the home shows the bestsellers, the new arrivals and a product whose price just dropped', async ({
  page,
  request,
}) => {
  // The demo seller lowers one of its offers below every other offer of that product.
  const [product] = await productsOnSale(request, 1, { sellerId: DEMO_SELLER });
  const headers = { authorization: `Bearer ${await idToken(request, 'seller@example.com')}` };
  const repriced = await request.put(`/api/seller/offers/${product!.offerId}`, {
    headers,
    data: { prices: { eur: 99 } },
  });
  expect(repriced.ok()).toBe(true);

  await page.goto('/');
  for (const name of ['Bestsellers', 'New arrivals', 'Price drops']) {
    const row = page.getByRole('region', { name });
    await expect(row).toBeVisible();
    const cards = row.getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(8);
    await expect(row.locator('a[href*="/product/"]').first()).toBeVisible();
  }
  const drops = page.getByRole('region', { name: 'Price drops' });
  await expect(drops.getByRole('link', { name: product!.name, exact: true })).toBeVisible();

  // The Italian home names the rows in Italian.
  await page.goto('/it/');
  for (const name of ['I più venduti', 'Nuovi arrivi', 'Prezzi in calo']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
});
