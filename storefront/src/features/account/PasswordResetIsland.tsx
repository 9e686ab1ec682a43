import { PASSWORD_MIN_LENGTH, type Locale } from '@market/shared';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { TextField } from '../auth/TextField.tsx';
import { useHydrated } from '../auth/use-hydrated.ts';
import { requestPasswordReset } from './account-api.ts';
import { finishPasswordReset, resetLinkEmail } from './password-flows.ts';

export interface PasswordResetIslandProps {
  locale: Locale;
  t: Pick<Messages, 'passwordReset' | 'login' | 'fieldErrors'>;
  /** The one-time code of the mailed link; none: the page asks for the mail. */
  oobCode: string | null;
}

/** "Forgot password?": ask for the mail, or, from its link, choose the new password. */
export default function PasswordResetIsland({ locale, t, oobCode }: PasswordResetIslandProps) {
  return oobCode ? (
    <ChooseNewPassword locale={locale} t={t} oobCode={oobCode} />
  ) : (
    <AskForLink locale={locale} t={t} />
  );
}

function AskForLink({ locale, t }: Pick<PasswordResetIslandProps, 'locale' | 't'>) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(email.trim() === '');
    if (email.trim() === '') return;
    setBusy(true);
    setFailed(false);
    try {
      await requestPasswordReset(email, locale);
      setSent(email.trim());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <div role="status" aria-live="polite">
        {sent && (
          <p className="message notice">{interpolate(t.passwordReset.sent, { email: sent })}</p>
        )}
      </div>
      {failed && (
        <p role="alert" className="message error">
          {t.passwordReset.failed}
        </p>
      )}
      <p>{t.passwordReset.intro}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={busy || !hydrated}>
          <TextField
            label={t.passwordReset.email}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={setEmail}
            error={missing ? t.fieldErrors.required : undefined}
          />
          <button type="submit" className="primary">
            {t.passwordReset.send}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

type Link = { state: 'checking' } | { state: 'invalid' } | { state: 'ready'; email: string };

function ChooseNewPassword({
  locale,
  t,
  oobCode,
}: Pick<PasswordResetIslandProps, 'locale' | 't'> & { oobCode: string }) {
  const [link, setLink] = useState<Link>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let current = true;
    resetLinkEmail(oobCode).then(
      (email) => current && setLink({ state: 'ready', email }),
      () => current && setLink({ state: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [oobCode]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (link.state !== 'ready') return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(interpolate(t.fieldErrors.passwordTooShort, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await finishPasswordReset(oobCode, link.email, password);
      setDone(true);
    } catch {
      setLink({ state: 'invalid' });
    } finally {
      setBusy(false);
    }
  };

  const signIn = (
    <a className="button primary" href={localizedPath(locale, '/login')}>
      {t.passwordReset.signIn}
    </a>
  );
  if (done) {
    return (
      <div className="login">
        <p role="status" className="message notice">
          {t.passwordReset.done}
        </p>
        {signIn}
      </div>
    );
  }
  if (link.state === 'checking') {
    return (
      <p role="status" className="loading">
        {t.passwordReset.checking}
      </p>
    );
  }
  if (link.state === 'invalid') {
    return (
      <div className="login">
        <p role="alert" className="message error">
          {t.passwordReset.invalidLink}
        </p>
        <a href={localizedPath(locale, '/reset-password')}>{t.passwordReset.askAgain}</a>
      </div>
    );
  }
  return (
    <div className="login">
      <p>{interpolate(t.passwordReset.chooseFor, { email: link.email })}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={busy}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" autoComplete="username" value={link.email} readOnly hidden />
          <TextField
            label={t.passwordReset.newPassword}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            hint={interpolate(t.login.passwordHint, { min: PASSWORD_MIN_LENGTH })}
            error={error ?? undefined}
          />
          <button type="submit" className="primary">
            {t.passwordReset.confirm}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
