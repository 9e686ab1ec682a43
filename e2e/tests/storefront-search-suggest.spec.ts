import { expect, test, type APIRequestContext } from '@playwright/test';

/** A demo game's name whose first word has six letters or more (a typo there is forgiven). */
async function gameWithLongFirstWord(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/public/products/search', {
    data: { locale: 'en', categoryId: 'games', sort: 'name', pageSize: 60 },
  });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { name: string }[] };
  const found = items.find((p) => /^[A-Za-z]{6,} [A-Za-z]+$/.test(p.name));
  expect(found).toBeDefined();
  return found!.name;
}

// Issue 24: the header's search box suggests as the buyer types (a combobox with a listbox),
// and search forgives a typo.

test('a buyer types three letters in the header, picks a suggestion with the keyboard and lands on its page', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await box.click();
  await box.pressSequentially('dri', { delay: 50 });
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const first = listbox.getByRole('option').first();
  await expect(first).toContainText('Drift');
  const options = await listbox.getByRole('option').count();
  expect(options).toBeGreaterThan(0);
  expect(options).toBeLessThanOrEqual(8 + 4);
  // Each product suggestion shows a picture and a price.
  await expect(first.locator('img')).toHaveCount(1);
  await expect(first).toContainText(/€|\$|£/);

  // ArrowDown makes the first option the active one; Enter opens it.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const name = (await first.locator('.suggest-name').textContent())!.trim();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('Escape closes the suggestions and Enter on the text alone searches', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await box.click();
  await box.pressSequentially('dri', { delay: 50 });
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dri$/);
});

test('a buyer with a typo finds the product', async ({ page, request }) => {
  const name = await gameWithLongFirstWord(request);
  // One letter of the first word left out, all in lower case: "Crimson Drift" → "crmson drift".
  const typo = (name.slice(0, 2) + name.slice(3)).toLowerCase();
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await box.fill(typo);
  // Enter with no suggestion chosen submits the text (Escape would empty a search field that
  // has no open list: Chromium's own behaviour).
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=\w+/);
  await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
});

test('without JavaScript the header search still submits to the search page', async ({
  browser,
  request,
}) => {
  const name = await gameWithLongFirstWord(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/it/');
  const box = page.getByRole('combobox', { name: 'Cerca nel negozio' });
  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(`/it/search?q=${encodeURIComponent(name).replaceAll('%20', '+')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await context.close();
});
