import { expect, test } from '@playwright/test';
import { signInToAdminConsole, uniqueEmail, verifiedBuyer } from './support.ts';

test('an admin blocks a buyer, whose next action is refused', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('blocked');
  await verifiedBuyer(request, email);
  await page.goto('/login?destination=/account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demopass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(email)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Users' }).click();
  await admin.getByPlaceholder('Search').fill(email);
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: 'Block' }).click();
  await admin.getByRole('button', { name: /confirm/i }).click();
  await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await adminContext.close();

  await page.getByLabel('Preferred language').selectOption('it');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/blocked/i)).toBeVisible();
});
