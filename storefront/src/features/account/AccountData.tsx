import type { Locale, UserInfo } from '@market/shared';
import type { User } from 'firebase/auth';
import { useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { signOutEverywhere } from '../auth/auth-flows.ts';
import { TextField } from '../auth/TextField.tsx';
import { deleteAccount, exportAccount } from './account-api.ts';

interface AccountDataProps {
  locale: Locale;
  user: User;
  info: UserInfo;
  t: Messages['account'];
}

/** "Download my data" and "Delete my account" (with a confirm step: the account's email). */
export function AccountData({ locale, user, info, t }: AccountDataProps) {
  const [busy, setBusy] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

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
    try {
      await deleteAccount(await user.getIdToken(), typed);
    } catch (error) {
      setDeleteError(
        error instanceof ApiCallError && error.status === 409 ? t.deleteRefused : t.deleteFailed,
      );
      setBusy(false);
      return;
    }
    await signOutEverywhere().catch(() => undefined);
    window.location.assign(localizedPath(locale, '/'));
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
      {confirming && (
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
