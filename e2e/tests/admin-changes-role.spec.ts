import { expect, test } from '@playwright/test';
import { freshBuyer, signInOnLoginPage, signInToAdminConsole } from './support.ts';

test('an admin makes a buyer an admin: the buyer is signed out and their next session is an admin’s', async ({
  page,
  browser,
  request,
}) => {
  const email = await freshBuyer(request, 'promoted');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  await expect(page.getByText(email)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Users' }).click();
  await admin.getByPlaceholder('Search').fill(email);
  await admin
    .getByRole('row', { name: new RegExp(email) })
    .getByText(email)
    .click();
  await admin.getByRole('link', { name: 'Change role' }).click();
  await admin.getByRole('combobox', { name: /Role/ }).click();
  await admin.getByRole('option', { name: 'Admin' }).click();
  await admin.getByRole('button', { name: 'Save' }).click();
  // Back on the user's page, which shows the role as saved.
  await expect(admin.getByRole('link', { name: 'Change role' })).toBeVisible();
  await expect(admin.locator('.ra-field-role')).toContainText('Admin');
  // The audit log has the change.
  await admin.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(admin.getByRole('row', { name: /Role changed/ }).first()).toBeVisible();
  await adminContext.close();

  // The buyer's session, opened with the old role, is over.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);

  // Their next session carries the new role: the admin console lets them in.
  await page.goto('/admin/');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('demopass');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
});
