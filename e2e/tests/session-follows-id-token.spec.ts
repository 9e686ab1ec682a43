import { expect, test, type Request } from '@playwright/test';
import { freshBuyer, signInOnLoginPage } from './support.ts';

// Issue 24 / spec: the storefront re-sends POST /api/login when the identity token changes, so
// the session cookie follows the Firebase session instead of lapsing while the page still shows
// the buyer signed in.

test('a renewed ID token is exchanged for a fresh session cookie', async ({
  page,
  context,
  request,
}) => {
  const email = await freshBuyer(request, 'token-follow');
  // A clock the test can move: Firebase renews the ID token when it nears its hour.
  await page.clock.install();
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email).first()).toBeVisible();
  const session = async () => (await context.cookies()).find((c) => c.name === 'session');
  expect(await session()).toBeDefined();

  // The cookie lapses (its 12 days pass) while Firebase still holds the buyer signed in.
  await context.clearCookies({ name: 'session' });
  expect(await session()).toBeUndefined();

  // An hour later Firebase renews the token: the page exchanges it for a new session cookie.
  // The clock moves in steps until the exchange is seen: Firebase schedules its renewal when the
  // page's token listener attaches, which may be after a single jump had already passed.
  const logins: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/login') logins.push(r);
  });
  await expect
    .poll(
      async () => {
        if (!logins.length) await page.clock.fastForward('00:20:00');
        return logins.length;
      },
      { timeout: 25_000 },
    )
    .toBeGreaterThan(0);
  const sent = logins[0]!;
  expect(sent.headers()['authorization']).toMatch(/^Bearer /);
  await expect.poll(session).toBeDefined();
  // And the API knows the buyer again from that cookie.
  const me = await page.evaluate(async () => (await fetch('/api/me')).status);
  expect(me).toBe(200);
});
