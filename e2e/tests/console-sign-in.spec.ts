import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('the admin console shows its sign-in screen', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page.getByLabel(/email/i)).toBeVisible();
  await expect(page.getByLabel(/password/i)).toBeVisible();
});

test('the demo admin signs in and reaches the admin console', async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'admin@example.com');
  await expect(page.getByText('admin@example.com').first()).toBeVisible();
  await page.getByRole('menuitem', { name: 'Categories', exact: true }).click();
  await expect(page.getByText('Gift cards')).toBeVisible();
});

test('a buyer cannot get into the admin console', async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'buyer@example.com');
  await expect(page.getByLabel(/password/i)).toBeVisible();
  await expect(page.getByText(/not allowed|not an admin|no access/i)).toBeVisible();
});

test('the seller console shows its sign-in screen and lets the demo seller in', async ({
  page,
}) => {
  await page.goto('/seller/');
  await expect(page.getByLabel(/email/i)).toBeVisible();
  await signIn(page, 'seller@example.com');
  await expect(page.getByText('seller@example.com').first()).toBeVisible();
});
