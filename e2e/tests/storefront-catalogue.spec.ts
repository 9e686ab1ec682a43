import { expect, test } from '@playwright/test';

test('a buyer browses a category to a product page whose JSON-LD carries the offers', async ({
  page,
}) => {
  await page.goto('/category/games');
  await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  // A card shows its product's picture: a plain <img> with srcset and its size, loaded (drawn at
  // seed for every demo product; products other specs add have none, and show the placeholder).
  const pictured = page
    .locator('main .product-card')
    .filter({ has: page.locator('img[srcset]') })
    .first();
  const card = pictured.locator('img');
  await expect(card).toHaveAttribute('srcset', /\/api\/images\/[0-9a-f]{32}\/160\.webp 160w/);
  await expect(card).toHaveAttribute('width', /^\d+$/);
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await pictured.locator('a[href*="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}\/[\w-]+$/);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Product');
  expect(product).toBeTruthy();
  // The contract: a picture with width and height, named in the JSON-LD by absolute URL.
  const hero = page.locator('main img.product-image').first();
  await expect(hero).toHaveAttribute('width', /^\d+$/);
  await expect(hero).toHaveAttribute('height', /^\d+$/);
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(product.image[0]).toMatch(/^https?:\/\/[^/]+\/api\/images\/[0-9a-f]{32}\/1280\.webp$/);
  const currencies = product.offers.map((o: { priceCurrency: string }) => o.priceCurrency).sort();
  expect(currencies).toEqual(['EUR', 'GBP', 'USD']);
  for (const offer of product.offers) {
    expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
    expect(Number(offer.price)).toBeGreaterThan(0);
  }
});

test.describe('for an Italian browser', () => {
  test.use({ locale: 'it-IT' });

  test('prices start in EUR; a currency fragment switches them and is remembered', async ({
    page,
  }) => {
    await page.goto('/category/softwares');
    const price = page.locator('[data-price]').first();
    await expect(price).toContainText('€');
    await page.goto('/category/softwares#currency:usd');
    await expect(price).toContainText('$');
    await page.goto('/category/softwares#currency:gbp');
    await expect(price).toContainText('£');
    await page.goto('/category/softwares'); // no fragment: the saved cookie wins
    await expect(price).toContainText('£');
  });
});

test('an American browser sees USD prices by default', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/category/games');
  await expect(page.locator('[data-price]').first()).toContainText('$');
  await context.close();
});

test('the Italian search finds products by their Italian name', async ({ page }) => {
  await page.goto('/it/search?q=suite');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByText(/Suite per ufficio/).first()).toBeVisible();
});
