import { expect, test } from '@playwright/test';
import { signInToAdminConsole } from './support.ts';

/*
 * The dashboards' charts come in a chunk of their own (MUI X Charts, `React.lazy`): not part of
 * the console's first load, fetched when a dashboard draws them. A build that split them wrongly
 * shows here, in a browser, and nowhere else.
 */
test('the admin console loads its charts only when the dashboard draws them', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const chartChunks: string[] = [];
  page.on('response', (res) => {
    if (/\/admin\/assets\/charts-vendor-[\w-]+\.js$/.test(res.url())) chartChunks.push(res.url());
  });
  await page.goto('/admin/');
  await expect(page.getByLabel(/email/i)).toBeVisible();
  expect(chartChunks).toEqual([]);

  await signInToAdminConsole(page);
  await expect(page.getByText('Revenue (EUR)').first()).toBeVisible();
  // The revenue and orders charts, and the orders by status: drawings with axis labels (the
  // console's icons are drawings without text).
  await expect(page.locator('svg:has(text)')).toHaveCount(3);
  expect(chartChunks).toHaveLength(1);
  expect(errors).toEqual([]);
});
