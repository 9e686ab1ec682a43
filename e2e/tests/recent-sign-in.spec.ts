import { expect, test, type Page } from '@playwright/test';
import { RECENT_SIGN_IN_SECONDS } from '../playwright.config.ts';
import { freshBuyer, signInOnLoginPage, signInToAdminConsole } from './support.ts';

/** Lets the sign-ins age past the server's window (RECENT_SIGN_IN_SECONDS, whole seconds). */
const agePastWindow = (page: Page) => page.waitForTimeout((RECENT_SIGN_IN_SECONDS + 1.5) * 1000);

const answerTo = (page: Page, path: string) =>
  page.waitForResponse((res) => new URL(res.url()).pathname === path);

test('a sensitive action after an old sign-in asks for the password, then finishes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A buyer who will delete their account, and an admin who will change a role.
  const email = await freshBuyer(request, 'leaving');
  const promoted = await freshBuyer(request, 'promoted');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await agePastWindow(page);

  await test.step('the storefront: deleting the account', async () => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Type your email to confirm').fill(email);
    const refused = answerTo(page, '/api/user/account/delete');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    expect((await refused).status()).toBe(401);
    await expect(page.getByText(/needs a recent sign-in/)).toBeVisible();

    await page.getByLabel('Your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Confirm and delete' }).click();
    await expect(page.getByText('The password is wrong.')).toBeVisible();

    await page.getByLabel('Your password').fill('demopass');
    // The session cookie is minted again from the new sign-in, then the deletion is sent again.
    const login = answerTo(page, '/api/login');
    const deleted = answerTo(page, '/api/user/account/delete');
    await page.getByRole('button', { name: 'Confirm and delete' }).click();
    expect((await login).status()).toBe(204);
    expect((await deleted).status()).toBe(204);
    await expect(page).toHaveURL(/\/$/);

    // The account is gone.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('demopass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/wrong email or password/i)).toBeVisible();
  });

  await test.step('the admin console: changing a role', async () => {
    await admin.getByRole('menuitem', { name: 'Users' }).click();
    await admin.getByPlaceholder('Search').fill(promoted);
    await admin
      .getByRole('row', { name: new RegExp(promoted) })
      .getByText(promoted)
      .click();
    await admin.getByRole('link', { name: 'Change role' }).click();
    await admin.getByRole('combobox', { name: /Role/ }).click();
    await admin.getByRole('option', { name: 'Admin' }).click();
    const refused = answerTo(admin, `/api/admin/users/${await userId(admin)}`);
    await admin.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(401);

    const dialog = admin.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Wrong email or password.')).toBeVisible();
    await dialog.getByLabel('Password').fill('demopass');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();

    // The save went on by itself: the user's page shows the role as saved.
    await expect(admin.getByRole('link', { name: 'Change role' })).toBeVisible();
    await expect(admin.locator('.ra-field-role')).toContainText('Admin');
    // And the admin was not signed out on the way.
    await expect(admin.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  });
  await adminContext.close();
});

/** The user's id, from the edit page's URL (`/admin/users/<id>`). */
async function userId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}
