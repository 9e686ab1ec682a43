import type { Locale } from '@market/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { resendVerification, signInWithGoogle, signInWithPassword, signUp } from './auth-flows.ts';
import { signInTarget } from './destination.ts';
import { firebaseAuth } from './firebase.ts';
import { RecaptchaError } from '@market/shared/recaptcha-client';
import { apiSignUpErrors, type SignUpErrors, type SignUpValues } from './sign-up.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { useHydrated } from './use-hydrated.ts';

export type LoginTab = 'signIn' | 'signUp';
const TABS: readonly LoginTab[] = ['signIn', 'signUp'];

/** How long the foreign-destination warning stays before going home. */
const FOREIGN_WARNING_MS = 2_000;

export interface LoginIslandProps {
  locale: Locale;
  t: Pick<Messages, 'login' | 'authErrors' | 'fieldErrors'>;
  initialTab: LoginTab;
}

/** The login page: sign in (password or Google) and sign up, as two tabs. */
export default function LoginIsland({ locale, t, initialTab }: LoginIslandProps) {
  const id = useId();
  const tabRefs = useRef<Partial<Record<LoginTab, HTMLButtonElement | null>>>({});
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [busy, setBusy] = useState(false);
  // The server HTML is inert until React has hydrated it (see useHydrated).
  const hydrated = useHydrated();
  const inactive = busy || !hydrated;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [foreign, setForeign] = useState(false);
  const [signInEmail, setSignInEmail] = useState('');
  /** The credentials of a sign-in refused for an unverified email, for "send the mail again". */
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  // Start Firebase now: the Google popup must open soon after the click or browsers block it.
  useEffect(() => {
    firebaseAuth().catch(() => undefined);
  }, []);

  const clearMessages = () => {
    setError(null);
    setNotice(null);
    setUnverified(null);
  };

  const selectTab = (next: LoginTab, focus = false) => {
    setTab(next);
    clearMessages();
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    selectTab(next, true);
  };

  /** Runs one sign-in or sign-up step with the buttons disabled and errors shown. */
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    clearMessages();
    try {
      await step();
    } catch (caught) {
      setError(
        caught instanceof RecaptchaError
          ? t.authErrors.recaptcha
          : authErrorMessage(caught, t.authErrors),
      );
      setBusy(false);
    }
  };

  /** After the session cookie is set: the `?destination=` if it is the shop's, else home. */
  const leave = () => {
    const target = signInTarget(window.location.search, window.location.origin, locale);
    if (target.kind === 'allowed') {
      window.location.assign(target.url);
      return;
    }
    setForeign(true);
    window.setTimeout(() => window.location.assign(target.url), FOREIGN_WARNING_MS);
  };

  const onSignIn = (email: string, password: string) =>
    void run(async () => {
      try {
        await signInWithPassword(email, password);
      } catch (caught) {
        if (authErrorCode(caught) === 'auth/unverified-email') setUnverified({ email, password });
        throw caught;
      }
      leave();
    });

  const onResend = () => {
    const credentials = unverified;
    if (!credentials) return;
    void run(async () => {
      await resendVerification(credentials.email, credentials.password);
      setNotice(interpolate(t.login.verificationResent, { email: credentials.email.trim() }));
      setBusy(false);
    });
  };

  const onGoogle = () =>
    void run(async () => {
      await signInWithGoogle(locale);
      leave();
    });

  const onSignUp = async (values: SignUpValues): Promise<SignUpErrors> => {
    let fieldErrors: SignUpErrors = {};
    await run(async () => {
      try {
        await signUp(values, locale);
      } catch (caught) {
        if (caught instanceof ApiCallError && caught.code === 'VALIDATION_FAILED') {
          const api = apiSignUpErrors(caught.errors);
          fieldErrors = api.fields;
          if (api.recaptcha) throw new RecaptchaError('reCAPTCHA token refused');
          if (Object.keys(fieldErrors).length > 0) {
            setBusy(false);
            return;
          }
        }
        throw caught;
      }
      // Not signed in: the visitor verifies the email, then signs in on the tab we switch to.
      const email = values.email.trim();
      setSignInEmail(email);
      setTab('signIn');
      setNotice(interpolate(t.login.signUpDone, { email }));
      setBusy(false);
    });
    return fieldErrors;
  };

  const tabId = (name: LoginTab) => `${id}-tab-${name}`;
  const panelId = `${id}-panel`;

  return (
    <div className="login">
      <div className="messages">
        {foreign && (
          <p role="alert" className="message warning">
            {t.login.foreignDestination}
          </p>
        )}
        {error && (
          <p role="alert" className="message error">
            {error}
          </p>
        )}
        {unverified && (
          <button type="button" className="secondary" onClick={onResend} disabled={busy}>
            {t.login.resendVerification}
          </button>
        )}
        <div role="status" aria-live="polite">
          {notice && <p className="message notice">{notice}</p>}
        </div>
      </div>

      <div role="tablist" aria-label={t.login.tabs} className="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            id={tabId(name)}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={panelId}
            tabIndex={tab === name ? 0 : -1}
            disabled={!hydrated}
            onClick={() => selectTab(name)}
            onKeyDown={onTabKey}
          >
            {name === 'signIn' ? t.login.signInTab : t.login.signUpTab}
          </button>
        ))}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="panel">
        {tab === 'signIn' ? (
          <>
            <SignInForm t={t} busy={inactive} initialEmail={signInEmail} onSubmit={onSignIn} />
            <p className="forgot">
              <a href={localizedPath(locale, '/reset-password')}>{t.login.forgotPassword}</a>
            </p>
          </>
        ) : (
          <SignUpForm t={t} busy={inactive} onSubmit={onSignUp} />
        )}
        <p className="or">
          <span>{t.login.or}</span>
        </p>
        <button type="button" className="google" onClick={onGoogle} disabled={inactive}>
          {t.login.google}
        </button>
      </div>
    </div>
  );
}
