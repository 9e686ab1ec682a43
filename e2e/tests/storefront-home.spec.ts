import { expect, test } from '@playwright/test';

test('the English home lists the four categories', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const name of ['Games', 'Software', 'Gift cards', 'Game accounts']) {
    await expect(page.getByRole('link', { name, exact: false }).first()).toBeVisible();
  }
});

test('the Italian home is under /it/ with Italian names', async ({ page }) => {
  const response = await page.goto('/it/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  for (const name of ['Giochi', 'Carte regalo', 'Account di gioco']) {
    await expect(page.getByRole('link', { name, exact: false }).first()).toBeVisible();
  }
});

test('an unknown page shows the error page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: /explore now/i })).toBeVisible();
});
