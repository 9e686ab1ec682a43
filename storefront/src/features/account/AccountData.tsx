import type { Locale, UserInfo } from '@market/shared';
import type { User } from 'firebase/auth';
import { useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { authErrorCode } from '../auth/auth-errors.ts';
import { signOutEverywhere } from '../auth/auth-flows.ts';
import { TextField } from '../auth/TextField.tsx';
import { deleteAccount, exportAccount } from './account-api.ts';
import { needsRecentSignIn, reauthMethod, signInAgain } from './recent-sign-in.ts';

const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential']);

interface AccountDataProps {
  locale: Locale;
  user: User;
  info: UserInfo;
  t: Messages['account'];
}

/**
 * "Download my data" and "Delete my account" (with a confirm step: the account's email). Deleting
 * needs a recent sign-in: when the API asks for one, the person confirms it's them (password, or
 * Google) and the deletion goes on.
 */
export function AccountData({ locale, user, info, t }: AccountDataProps) {
  const [busy, setBusy] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  const [password, setPassword] = useState('');
  const [reauthError, setReauthError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setExportFailed(false);
    try {
      const data = await exportAccount(await user.getIdToken());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      // The click has handed the blob to the download; revoke on the next turn.
      window.setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      setExportFailed(true);
    }
    setBusy(false);
  };

  const remove = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== info.email.toLowerCase()) {
      setDeleteError(t.deleteMismatch);
      return;
    }
    setBusy(true);
    setDeleteError(null);
    await erase();
  };

  const erase = async () => {
    try {
      await deleteAccount(await user.getIdToken(), typed);
    } catch (error) {
      if (needsRecentSignIn(error)) setReauth(true);
      else
        setDeleteError(
          error instanceof ApiCallError && error.status === 409 ? t.deleteRefused : t.deleteFailed,
        );
      setBusy(false);
      return;
    }
    await signOutEverywhere().catch(() => undefined);
    window.location.assign(localizedPath(locale, '/'));
  };

  const confirmIdentity = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setReauthError(null);
    try {
      await signInAgain(user, reauthMethod(user) === 'google' ? 'google' : { password });
    } catch (error) {
      setReauthError(WRONG_PASSWORD.has(authErrorCode(error)) ? t.reauthWrong : t.reauthFailed);
      setBusy(false);
      return;
    }
    setReauth(false);
    setPassword('');
    await erase();
  };

  return (
    <>
      <p>{t.exportNote}</p>
      <div className="actions">
        <button type="button" onClick={() => void download()} disabled={busy}>
          {t.exportData}
        </button>
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
            {t.deleteAccount}
          </button>
        )}
      </div>
      {exportFailed && (
        <p role="alert" className="message error">
          {t.exportFailed}
        </p>
      )}
      {reauth && (
        <form onSubmit={(event) => void confirmIdentity(event)} noValidate>
          <fieldset disabled={busy}>
            <p className="message warning">{t.reauthNotice}</p>
            {reauthMethod(user) === 'password' ? (
              <>
                <input
                  type="email"
                  autoComplete="username"
                  value={user.email ?? ''}
                  readOnly
                  hidden
                />
                <TextField
                  label={t.reauthPassword}
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={setPassword}
                  error={reauthError ?? undefined}
                />
              </>
            ) : (
              reauthError && (
                <p role="alert" className="message error">
                  {reauthError}
                </p>
              )
            )}
            <div className="actions">
              <button type="submit" className="primary">
                {reauthMethod(user) === 'password' ? t.reauthConfirm : t.reauthGoogle}
              </button>
              <button type="button" onClick={() => setReauth(false)}>
                {t.cancel}
              </button>
            </div>
          </fieldset>
        </form>
      )}
      {confirming && !reauth && (
        <form onSubmit={(event) => void remove(event)} noValidate>
          <fieldset disabled={busy}>
            <p className="message warning">{t.deleteNotice}</p>
            <TextField
              label={t.deleteConfirmLabel}
              type="email"
              autoComplete="off"
              required
              value={typed}
              onChange={setTyped}
              error={deleteError ?? undefined}
            />
            <div className="actions">
              <button type="submit" className="primary">
                {t.deleteConfirm}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t.cancel}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
