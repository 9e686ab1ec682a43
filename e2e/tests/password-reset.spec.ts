import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freshBuyer, idToken, latestMailLink, signInOnLoginPage, EMULATOR } from './support.ts';

/**
 * The one-time code of the latest password reset of `email`, from the Auth emulator (what the
 * mail delivers; admins see the outbox's copy masked).
 */
async function resetCodeOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`${EMULATOR}/emulator/v1/projects/demo-marketplace/oobCodes`);
  expect(res.ok()).toBe(true);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes
    .filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
    .at(-1)?.oobCode;
  expect(code).toBeTruthy();
  return code!;
}

test('a buyer resets a forgotten password through the mailed link, then signs in with it', async ({
  page,
  request,
}) => {
  const email = await freshBuyer(request, 'forgetful');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(/a link to reset its password is on its way/i)).toBeVisible();

  // The mail links to our page with the Auth emulator's one-time code; the admin outbox shows
  // the page without the code (a reset link sets the password of whoever holds it). The reset is
  // sent after the answer (its timing must not tell which emails have an account), so the
  // sign-up's verification mail may still be the latest for a moment.
  let masked = '';
  await expect
    .poll(async () => (masked = await latestMailLink(request, email)))
    .toMatch(/\/reset-password\?\[link$/);
  const link = `${new URL(masked).pathname}?oobCode=${await resetCodeOf(request, email)}`;
  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel('New password').fill('fresh-secret-42');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/your password is changed/i)).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(/no longer valid/i)).toBeVisible();

  await page.goto('/login?destination=/account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demopass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/wrong email or password/i)).toBeVisible();

  await page.getByLabel('Password').fill('fresh-secret-42');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
  // The emulator agrees: the old password is refused there too.
  const old = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email, password: 'demopass', returnSecureToken: true } },
  );
  expect(old.ok()).toBe(false);
  expect(await idToken(request, email, 'fresh-secret-42')).toBeTruthy();
});

test('a buyer changes the password in the account and stays signed in', async ({
  page,
  request,
}) => {
  const email = await freshBuyer(request, 'changer');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByLabel('Current password').fill('demopass');
  await page.getByLabel('New password').fill('changed-secret-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/your password is changed/i)).toBeVisible();

  // This session goes on (a fresh cookie); the old password is gone.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  expect(await idToken(request, email, 'changed-secret-7')).toBeTruthy();
});

test('a buyer edits the profile, downloads their data and deletes the account', async ({
  page,
  request,
}) => {
  const email = await freshBuyer(request, 'leaver');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByLabel('Name', { exact: true }).fill('Evelina');
  await page.getByLabel('Send me news and offers by email').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Evelina');
  await expect(page.getByLabel('Send me news and offers by email')).toBeChecked();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    profile: { email: string; name: string };
    consents: { marketingEmails: boolean };
  };
  expect(data.profile).toMatchObject({ email, name: 'Evelina' });
  expect(data.consents.marketingEmails).toBe(true);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Type your email to confirm').fill(email);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  const gone = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email, password: 'demopass', returnSecureToken: true } },
  );
  expect(gone.ok()).toBe(false);
});

test('the Italian sign-in page offers the reset in Italian', async ({ page }) => {
  await page.goto('/it/login');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(/\/it\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Reimposta la password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia il link' })).toBeVisible();
});
