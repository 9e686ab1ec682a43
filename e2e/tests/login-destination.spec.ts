import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { redirectTricks } from '../../shared/src/lib/safe-redirect.tricks.ts';

/**
 * The login page's `?destination=` tricks (issue 22, item 4) in Chromium: the whole table
 * through the real `resolveLoginDestination` in the page, where Chromium's URL parser reads
 * both the destination and what `location.assign` would open; then real sign-ins with the two
 * tricks that sent a buyer to http://evil.example/login.
 */
const SOURCE = new URL('../../shared/src/lib/safe-redirect.ts', import.meta.url);

/** Requests the page makes to any host but the shop's (the sign-in talks to the emulator on 127.0.0.1). */
function offSiteRequests(page: Page) {
  const hosts: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== 'localhost' && hostname !== '127.0.0.1') hosts.push(request.url());
  });
  return hosts;
}

test('every destination trick resolves, in Chromium, to a page of the shop', async ({ page }) => {
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  // The module as the storefront bundles it, types stripped, defined in the page.
  const module = stripTypeScriptTypes(fs.readFileSync(SOURCE, 'utf8')).replaceAll(/^export /gm, '');
  await page.evaluate(`window.resolveLoginDestination = (() => {
    ${module}
    return resolveLoginDestination;
  })()`);
  const tricks = redirectTricks(origin);
  const seen = await page.evaluate(
    (destinations) => {
      const resolve = (
        window as unknown as Record<string, (d: string, o: string) => { url: string }>
      ).resolveLoginDestination!;
      return destinations.map((destination) => {
        const resolved = resolve(destination, location.origin);
        // Where location.assign(resolved.url) would go from the login page.
        return { ...resolved, opens: new URL(resolved.url, location.href).origin };
      });
    },
    tricks.map((t) => t.destination),
  );

  expect(seen).toHaveLength(tricks.length);
  tricks.forEach(({ destination, goes }, i) => {
    const expected = goes === null ? { kind: 'foreign', url: '/' } : { kind: 'allowed', url: goes };
    expect(seen[i], JSON.stringify(destination)).toEqual({ ...expected, opens: origin });
  });
});

for (const trick of ['/.//evil.example/login', '/./\\evil.example/b']) {
  test(`signing in with ?destination=${trick} warns and stays on the shop`, async ({ page }) => {
    const offSite = offSiteRequests(page);
    await page.goto(`/login?destination=${encodeURIComponent(trick)}`);
    const origin = new URL(page.url()).origin;
    await page.getByLabel('Email').fill('buyer@example.com');
    await page.getByLabel('Password').fill('demopass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/outside the shop/i);
    await expect(page).toHaveURL(`${origin}/`);
    expect(offSite).toEqual([]);
  });
}
