import { PASSWORD_MIN_LENGTH } from '@market/shared';
import type { User } from 'firebase/auth';
import { useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { authErrorCode } from '../auth/auth-errors.ts';
import { TextField } from '../auth/TextField.tsx';
import { changePassword } from './password-flows.ts';

interface PasswordChangeProps {
  user: User;
  t: Messages['account'];
  fieldErrors: Messages['fieldErrors'];
}

const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential']);

/** Change the password (password accounts): this session stays, every other one ends. */
export function PasswordChange({ user, t, fieldErrors }: PasswordChangeProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'done' | 'wrong' | 'failed' | 'short' | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) {
      setResult('short');
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await changePassword(user, current, next);
      setCurrent('');
      setNext('');
      setResult('done');
    } catch (error) {
      setResult(WRONG_PASSWORD.has(authErrorCode(error)) ? 'wrong' : 'failed');
    }
    setBusy(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={busy}>
        <input type="email" autoComplete="username" value={user.email ?? ''} readOnly hidden />
        <TextField
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={setCurrent}
          error={result === 'wrong' ? t.wrongPassword : undefined}
        />
        <TextField
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={setNext}
          error={
            result === 'short'
              ? interpolate(fieldErrors.passwordTooShort, { min: PASSWORD_MIN_LENGTH })
              : undefined
          }
        />
        <button type="submit">{t.changePassword}</button>
      </fieldset>
      <div role="status" aria-live="polite">
        {result === 'done' && <p className="message notice">{t.passwordChanged}</p>}
      </div>
      {result === 'failed' && (
        <p role="alert" className="message error">
          {t.passwordFailed}
        </p>
      )}
    </form>
  );
}
