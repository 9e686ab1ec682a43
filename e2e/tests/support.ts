import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The Auth emulator the marketplace under test started (see playwright.config.ts). */
export const EMULATOR = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 1_400}`;

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${n++}@e2e.example`;

/** An ID token for an account, straight from the emulator's REST API. */
export async function idToken(request: APIRequestContext, email: string, password = 'demopass') {
  const res = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The first link of the latest mail to `to`, read through the admin API as an admin would. */
export async function latestMailLink(request: APIRequestContext, to: string): Promise<string> {
  const token = await idToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  await expect
    .poll(async () => {
      const list = await request.get(
        `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ to }))}`,
        { headers },
      );
      return ((await list.json()) as unknown[]).length;
    })
    .toBeGreaterThan(0);
  const list = await request.get(
    `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ to }))}&sort=["createdAt","DESC"]`,
    { headers },
  );
  const [mail] = (await list.json()) as { text: string }[];
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

/** A verified buyer account made through the sign-up API, as the storefront would. */
export async function verifiedBuyer(request: APIRequestContext, email: string) {
  const res = await request.post('/api/user/profile/add', {
    data: {
      user: { email, name: 'Eva', surname: 'Tester' },
      tokenRecaptcha: 'test-recaptcha-token',
      password: 'demopass',
      locale: 'en',
    },
  });
  expect(res.status()).toBe(201);
  expect(
    (await request.get(await latestMailLink(request, email), { maxRedirects: 0 })).status(),
  ).toBe(303);
}

/** Signs the demo admin into the admin console and waits for its menu. */
export async function signInToAdminConsole(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
}
