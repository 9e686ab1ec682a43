import { expect, test } from '@playwright/test';
import { productsOnSale } from './support.ts';

// Issue 24: the product page sells on a wide screen (picture and buy box side by side above the
// fold) and keeps the buy box's button in reach on a phone.

test('at 1366 px the buy box stands beside the picture, above the fold', async ({
  page,
  request,
}) => {
  const [product] = await productsOnSale(request, 1);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(product!.url);
  const picture = page.locator('article.product .hero').first();
  const buyBox = page.getByRole('region', { name: 'Best offer' });
  await expect(buyBox).toBeVisible();
  await expect(buyBox.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(buyBox.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(buyBox.getByText('In stock')).toBeVisible();
  const pictureBox = (await picture.boundingBox())!;
  const buyBoxBox = (await buyBox.boundingBox())!;
  // Beside: to the right of the picture, their tops within the same band.
  expect(buyBoxBox.x).toBeGreaterThanOrEqual(pictureBox.x + pictureBox.width);
  expect(buyBoxBox.y).toBeLessThan(pictureBox.y + pictureBox.height);
  // Above the fold: the buttons are on the first screen without scrolling.
  const buy = (await buyBox.getByRole('button', { name: 'Buy now' }).boundingBox())!;
  expect(buy.y + buy.height).toBeLessThanOrEqual(768);
});

test('at 390 px the buy box button stays in reach at the bottom of the screen', async ({
  page,
  request,
}) => {
  const [product] = await productsOnSale(request, 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(product!.url);
  const buyBox = page.getByRole('region', { name: 'Best offer' });
  const add = buyBox.getByRole('button', { name: 'Add to cart' });
  for (const scroll of [0, 100_000]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll);
    await expect(add).toBeInViewport();
    const box = (await add.boundingBox())!;
    // Near the bottom edge, where a thumb reaches.
    expect(box.y).toBeGreaterThan(844 - 120);
  }
  // It works from there: the offer goes into the cart.
  await add.click();
  await expect(page.getByRole('link', { name: /cart/i }).first()).toContainText('1');
});
