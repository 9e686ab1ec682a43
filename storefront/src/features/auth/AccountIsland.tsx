import type { Locale, UserInfo } from '@market/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { localizedPath } from '../../i18n/routes.ts';
import FavoritesList from '../favorites/FavoritesList.tsx';
import OrdersSection from '../orders/OrdersSection.tsx';
import { AccountData } from '../account/AccountData.tsx';
import { PasswordChange } from '../account/PasswordChange.tsx';
import { ProfileForm } from '../account/ProfileForm.tsx';
import { fetchAccount } from './auth-api.ts';
import { authErrorCode } from './auth-errors.ts';
import { signOutEverywhere } from './auth-flows.ts';
import { $authUnavailable, $user } from './auth.store.ts';
import { loginPath } from './destination.ts';

export interface AccountIslandProps {
  locale: Locale;
  t: Messages['account'];
  fieldErrors: Messages['fieldErrors'];
  /** Each locale's own name ("English", "Italiano"). */
  languageNames: Readonly<Record<Locale, string>>;
}

type Load =
  { state: 'loading' } | { state: 'failed'; blocked: boolean } | { state: 'ready'; info: UserInfo };

/**
 * The account page, rendered in the browser: profile (name, language, consent), orders and their
 * keys, favorites, password, data export and deletion, sign-out.
 */
export default function AccountIsland({
  locale,
  t,
  fieldErrors,
  languageNames,
}: AccountIslandProps) {
  const id = useId();
  const user = useStore($user);
  const authUnavailable = useStore($authUnavailable);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  // Signed out once Firebase has restored its session: sign in first, then come back (to the
  // order a `?order=` link named, too).
  useEffect(() => {
    if (user === null) {
      const back = localizedPath(locale, '/account') + window.location.search;
      window.location.replace(loginPath(locale, back));
    }
  }, [user, locale]);

  useEffect(() => {
    if (!user) return;
    let current = true;
    user
      .getIdToken()
      .then(fetchAccount)
      .then(
        (info) => current && setLoad({ state: 'ready', info }),
        (error: unknown) =>
          current &&
          setLoad({ state: 'failed', blocked: authErrorCode(error) === 'auth/user-blocked' }),
      );
    return () => {
      current = false;
    };
  }, [user, attempt]);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((count) => count + 1);
  };

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } finally {
      window.location.assign(localizedPath(locale, '/'));
    }
  };

  const signOutButton = (
    <button type="button" className="secondary" onClick={() => void signOut()} disabled={busy}>
      {t.signOut}
    </button>
  );

  if (authUnavailable || load.state === 'failed') {
    const blocked = load.state === 'failed' && load.blocked;
    return (
      <div className="account">
        <p role="alert" className="message error">
          {blocked ? t.blocked : t.loadFailed}
        </p>
        <div className="actions">
          {authUnavailable ? (
            <button type="button" onClick={() => window.location.reload()}>
              {t.retry}
            </button>
          ) : (
            <button type="button" onClick={retry}>
              {t.retry}
            </button>
          )}
          {user && signOutButton}
        </div>
      </div>
    );
  }

  if (!user || load.state === 'loading') {
    return (
      <p role="status" className="loading">
        {t.loading}
      </p>
    );
  }

  const { info } = load;
  return (
    <div className="account">
      <section aria-labelledby={`${id}-profile`}>
        <h2 id={`${id}-profile`}>{t.profileHeading}</h2>
        <dl className="profile">
          <div>
            <dt>{t.email}</dt>
            <dd>{info.email}</dd>
          </div>
          <div>
            <dt>{t.emailStatus}</dt>
            <dd>{info.emailVerified ? t.verified : t.notVerified}</dd>
          </div>
          <div>
            <dt>{t.role}</dt>
            <dd>{t.roles[info.role]}</dd>
          </div>
        </dl>
        <ProfileForm
          user={user}
          info={info}
          t={t}
          fieldErrors={fieldErrors}
          languageNames={languageNames}
          onSaved={(saved) => setLoad({ state: 'ready', info: saved })}
        />
      </section>

      <OrdersSection locale={locale} user={user} t={t.orders} />

      <FavoritesList locale={locale} user={user} t={t.favorites} />

      {info.loginMethod === 'password' && (
        <section aria-labelledby={`${id}-password`}>
          <h2 id={`${id}-password`}>{t.passwordHeading}</h2>
          <PasswordChange user={user} t={t} fieldErrors={fieldErrors} />
        </section>
      )}

      <section aria-labelledby={`${id}-data`}>
        <h2 id={`${id}-data`}>{t.dataHeading}</h2>
        <AccountData locale={locale} user={user} info={info} t={t} />
      </section>

      <div className="actions">{signOutButton}</div>
    </div>
  );
}
