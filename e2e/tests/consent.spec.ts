import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { TAG_ORIGIN } from '../playwright.config.ts';

// The analytics and marketing tags the e2e server is configured with (playwright.config.ts),
// served here: each records that it ran, which proves the CSP let it through.
let tagServer: http.Server;
test.beforeAll(async () => {
  tagServer = http.createServer((req, res) => {
    const name = /^\/(analytics|marketing)\.js$/.exec(req.url ?? '')?.[1];
    if (!name) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    res.end(`window.__tags = [...(window.__tags ?? []), '${name}'];`);
  });
  await new Promise<void>((resolve) =>
    tagServer.listen(Number(new URL(TAG_ORIGIN).port), '127.0.0.1', resolve),
  );
  expect((tagServer.address() as AddressInfo).port).toBeGreaterThan(0);
});
test.afterAll(() => new Promise<void>((resolve) => tagServer.close(() => resolve())));

// No choice yet: the banner must ask.
test.use({ storageState: { cookies: [], origins: [] } });

const tagScripts = (page: Page) => page.locator('script[data-consent-tag]');
const ranTags = (page: Page) => page.evaluate(() => (window as { __tags?: string[] }).__tags ?? []);
const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies on this shop' });

test('the shop is named in the header and the title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\| KeyHaven$/);
  await expect(page.locator('.site-header .brand')).toHaveText('KeyHaven');
  await expect(page.locator('.site-footer')).toContainText('KeyHaven');
});

test('no tag loads before a choice or after rejecting all', async ({ page, context }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(tagScripts(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect(tagScripts(page)).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'consent');
  expect(cookie?.value).toBe('v1:a0m0');

  await page.reload();
  await expect(page.locator('.site-header .brand')).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect(tagScripts(page)).toHaveCount(0);
  expect(await ranTags(page)).toEqual([]);
});

test('accepting all loads the tags, now and after a reload', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept all' }).press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(tagScripts(page)).toHaveCount(2);
  await expect
    .poll(() => ranTags(page))
    .toEqual(expect.arrayContaining(['analytics', 'marketing']));

  await page.reload();
  await expect(banner(page)).toBeHidden();
  await expect(page.locator('script[data-consent-tag="analytics"]')).toHaveCount(1);
  await expect.poll(() => ranTags(page)).toHaveLength(2);
});

test('cookie settings in the footer change the choice, one category at a time', async ({
  page,
}) => {
  await page.goto('/it/');
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(tagScripts(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Impostazioni cookie' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie su questo negozio' });
  await expect(settings.getByRole('checkbox', { name: /Necessari/ })).toBeDisabled();
  await settings.getByRole('checkbox', { name: /Marketing/ }).uncheck();
  await settings.getByRole('button', { name: 'Salva le scelte' }).click();

  // A loaded script cannot be unloaded: the page reloads with analytics only.
  await expect(page.locator('script[data-consent-tag="marketing"]')).toHaveCount(0);
  await expect(page.locator('script[data-consent-tag="analytics"]')).toHaveCount(1);
  await expect.poll(() => ranTags(page)).toEqual(['analytics']);
});
