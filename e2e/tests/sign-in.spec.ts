import { expect, test } from '@playwright/test';
import { latestMailLink, uniqueEmail } from './support.ts';

test('a new buyer signs up, verifies through the mailed link, signs in and lands on the destination', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('newbuyer');
  await page.goto('/login?destination=/account');
  await page.getByRole('tab', { name: /create account/i }).click();
  await page.getByLabel('Name', { exact: true }).fill('Nora');
  await page.getByLabel('Surname').fill('Bianchi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/we sent a verification link/i)).toBeVisible();

  // Signing in before verifying is refused.
  await page.getByRole('tab', { name: /sign in/i }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/verify your email first/i)).toBeVisible();

  await page.goto(await latestMailLink(request, email)); // the emulator verifies, then back to /login
  await page.goto('/login?destination=/account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('a foreign destination is refused with a warning and the buyer goes home', async ({
  page,
}) => {
  await page.goto('/login?destination=https://evil.example/steal');
  await page.getByLabel('Email').fill('buyer@example.com');
  await page.getByLabel('Password').fill('demopass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/outside the shop/i);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('a buyer signs in with Google through the popup', async ({ page }) => {
  await page.goto('/login?destination=/account');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  const email = uniqueEmail('google');
  // Offline the popup is the storefront's stand-in for Google's page (see emulator-google.astro).
  await popup.getByRole('button', { name: 'Add new account' }).click();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Display name (optional)').fill('Gina Google');
  await popup.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
});
