import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  freshBuyer,
  idToken,
  productsOnSale,
  signInOnLoginPage,
  signInToAdminConsole,
} from './support.ts';

test.use(asClient());

test('a buyer reviews a delivered line, an admin approves it, the product page shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [product] = await productsOnSale(request, 1);
  const email = await freshBuyer(request, 'review');
  const text = `Activated at once on my account ${Date.now().toString(36)}`;

  // The buyer buys one key (through the API, paid on PayPal's page) and gets it delivered.
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(page, request, headers, [
    { productId: product!.id, sellerId: product!.sellerId },
  ]);

  // On the order in /account: a rating and a text; the review waits for moderation.
  await page.goto(`/account?order=${orderId}`);
  await page.getByRole('button', { name: `Review ${product!.name}` }).click();
  await page.getByRole('radio', { name: '4 out of 5' }).check();
  await page.getByRole('textbox', { name: 'Your review' }).fill(text);
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Your review (4/5) is waiting to be checked.')).toBeVisible();

  // The admin approves it from the moderation queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Reviews' }).click();
  await admin.getByRole('row').filter({ hasText: text }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Review published')).toBeVisible();
  await adminContext.close();

  // A fresh visitor sees it on the product page, and the Product JSON-LD carries the rating.
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  await shop.goto(product!.url);
  await expect(shop.getByText(text)).toBeVisible();
  await expect(shop.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  const blocks = await shop.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks
    .map((b) => JSON.parse(b) as Record<string, unknown>)
    .find((b) => b['@type'] === 'Product') as {
    aggregateRating: {
      '@type': string;
      ratingValue: number;
      reviewCount: number;
      bestRating: number;
    };
    review: { reviewBody: string; reviewRating: { ratingValue: number } }[];
  };
  expect(ld.aggregateRating['@type']).toBe('AggregateRating');
  expect(ld.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(ld.aggregateRating.ratingValue).toBeGreaterThanOrEqual(1);
  expect(ld.aggregateRating.ratingValue).toBeLessThanOrEqual(5);
  expect(ld.aggregateRating.bestRating).toBe(5);
  expect(ld.review).toContainEqual(
    expect.objectContaining({
      reviewBody: text,
      reviewRating: expect.objectContaining({ ratingValue: 4 }),
    }),
  );
  await visitor.close();
});
