import { expect, test } from '@playwright/test';

test.describe('for a British browser', () => {
  test.use({ locale: 'en-GB' });

  test('the home’s featured prices follow the currency picked in the header, on every page after', async ({
    page,
  }) => {
    await page.goto('/');
    const featured = page.locator('.featured [data-price]').first();
    await expect(featured).toContainText('£'); // guessed from en-GB
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await expect(currency).toHaveValue('gbp');

    await currency.focus();
    await currency.selectOption('usd');
    await expect(featured).toContainText('$');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'currency')?.value).toBe('usd');

    await page.goto('/category/games');
    await expect(page.locator('[data-price]').first()).toContainText('$');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('usd');
  });

  test('a switch drops a currency fragment, which would override it', async ({ page }) => {
    await page.goto('/category/games#currency:eur');
    await expect(page.locator('[data-price]').first()).toContainText('€');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('gbp');
    await expect(page.locator('[data-price]').first()).toContainText('£');
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await expect(page.locator('[data-price]').first()).toContainText('£');
  });

  test('the search filters take a category and a price range in pounds, into a linkable URL', async ({
    page,
  }) => {
    await page.goto('/search?q=a');
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters.getByText('Min price (GBP)')).toBeVisible();
    await filters.getByLabel('Category').selectOption('games');
    await filters.getByLabel('Min price').fill('1');
    await filters.getByLabel('Max price').fill('500');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/category=games/);
    const url = new URL(page.url());
    expect(url.searchParams.get('currency')).toBe('gbp');
    expect(url.searchParams.get('min')).toBe('1');
    await expect(page.locator('p.count')).toHaveText(/^\d+ products?$/);
    await expect(filters.getByLabel('Category')).toHaveValue('games');
  });
});
