import { AccountExportSchema, type AccountExport, type Locale } from '@market/shared';
import { callApi, NoAnswer } from '../../lib/api-client.ts';

/* Account self-service calls: password reset, data export, account deletion. */

/** Asks for the reset mail; the answer is the same whether or not the email has an account. */
export async function requestPasswordReset(email: string, locale: Locale): Promise<void> {
  await callApi('user/password-reset', NoAnswer, {
    body: { email: email.trim(), locale },
    credentials: 'omit',
  });
}

/** Tells the server a password just changed: sessions signed in before it end at once. */
export async function passwordChanged(email: string): Promise<void> {
  await callApi('user/password-changed', NoAnswer, { body: { email }, credentials: 'omit' });
}

export async function exportAccount(idToken: string): Promise<AccountExport> {
  return callApi('user/account/export', AccountExportSchema, { idToken, credentials: 'include' });
}

export async function deleteAccount(idToken: string, confirmEmail: string): Promise<void> {
  await callApi('user/account/delete', NoAnswer, {
    idToken,
    body: { confirmEmail: confirmEmail.trim() },
    credentials: 'include',
  });
}
