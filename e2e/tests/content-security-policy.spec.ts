import { expect, test, type Page } from '@playwright/test';
import { asClient, productsOnSale } from './support.ts';

test.use(asClient());

/** Every CSP violation the page reports while `visit` runs (a blocked script breaks the page). */
async function violationsDuring(page: Page, visit: () => Promise<void>) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await visit();
  return violations;
}

test('no page of the shop, the consoles or the API docs trips its own Content-Security-Policy', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [product] = await productsOnSale(request, 1);
  const violations = await violationsDuring(page, async () => {
    for (const path of ['/', '/it/', '/category/games', product!.url, '/login', '/cart']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The theme toggle and the currency script are inline or bundled scripts that must run.
    await page.goto('/');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const path of ['/admin/', '/seller/', '/api/docs']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.locator('.swagger-ui')).toBeVisible();
  });
  expect(violations).toEqual([]);
});
