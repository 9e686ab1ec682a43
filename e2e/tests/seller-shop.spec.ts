import { expect, test } from '@playwright/test';
import { idToken, signInToAdminConsole, signInToSellerConsole } from './support.ts';

/** The demo claim's order (server/src/seed/demo-claims.ts): one key, revealed, reported. */
const DEMO_CLAIM_ORDER = '64656d6f2d636c61696d0001';

test('a seller opens a sale: its lines with the keys’ states, and its claims', async ({
  page,
  request,
}) => {
  await signInToSellerConsole(page, (p) => p.getByRole('menuitem', { name: 'Sales' }));
  await page.getByRole('menuitem', { name: 'Sales' }).click();
  // Other specs sell too: the demo order's row is found by its order number, not its place.
  const res = await request.get(`/api/seller/sales?range=[0,199]`, {
    headers: { authorization: `Bearer ${await idToken(request, 'seller@example.com')}` },
  });
  const sales = (await res.json()) as Array<{ id: string; orderNumber: string }>;
  const demo = sales.find((s) => s.id.startsWith(DEMO_CLAIM_ORDER));
  expect(demo, 'the demo claim’s sale').toBeTruthy();
  await page.getByRole('row').filter({ hasText: demo!.orderNumber }).first().click();
  const lines = page.getByRole('region', { name: 'Your lines in this order' });
  await expect(lines).toBeVisible();
  await expect(lines.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('Your net');
  await expect(page.getByRole('region', { name: 'Claims' }).getByRole('link')).toHaveCount(1);
});

test('a change of legal details waits for the admin, then applies', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const address = `Via del Corso ${Date.now() % 1000}, 00186 Roma`;
  await signInToSellerConsole(page, (p) => p.getByRole('menuitem', { name: 'Sales' }));
  await page.getByRole('menuitem', { name: 'Shop profile' }).click();
  await page.getByLabel('Description').fill('Keys for every platform, delivered at once.');
  await page.getByLabel('Registered address').fill(address);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('the legal details wait for approval')).toBeVisible();
  await expect(page.getByText(/waiting for approval/)).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInToAdminConsole(admin);
  await admin.goto('/admin/sellers/pixel-keys/show');
  const pending = admin.getByTestId('pending-legal-change');
  await expect(pending).toContainText(address);
  await pending.getByRole('button', { name: 'Approve change' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Legal details change approved')).toBeVisible();
  await expect(admin.getByTestId('pending-legal-change')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Registered address')).toHaveValue(address);
  await expect(page.getByText(/waiting for approval/)).toHaveCount(0);
});
