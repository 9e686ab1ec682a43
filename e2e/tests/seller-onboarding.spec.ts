import { expect, test } from '@playwright/test';
import { latestMailLink, signInToAdminConsole, uniqueEmail } from './support.ts';

test('a new seller applies, an admin approves, and the seller reaches the seller console', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('shop');
  await page.goto('/seller/');
  await page.getByRole('link', { name: /apply to sell/i }).click();
  await expect(page.getByRole('heading', { name: 'Apply to sell' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Shop name').fill('Retro Keys');
  await page.getByLabel('Registration name').fill('Retro Keys S.r.l.');
  await page.getByLabel('VAT number').fill('IT01234567891');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: /send application/i }).click();
  await expect(page.getByText(/application sent/i)).toBeVisible();
  await page.goto(await latestMailLink(request, email));

  // Before approval the applicant sees the state of the application.
  await page.goto('/seller/');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('secret123');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText(/being reviewed/i)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Sellers' }).click();
  await admin.getByText('Retro Keys S.r.l.').click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: /confirm/i }).click();
  await expect(admin.getByText(/approved/i).first()).toBeVisible();
  await adminContext.close();

  await page.getByRole('button', { name: /check again/i }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /categories/i })).toBeVisible();
});
