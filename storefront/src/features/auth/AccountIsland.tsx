import { LOCALES, LocaleSchema, type Locale, type UserInfo } from '@market/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { localizedPath } from '../../i18n/routes.ts';
import FavoritesList from '../favorites/FavoritesList.tsx';
import OrdersSection from '../orders/OrdersSection.tsx';
import { fetchAccount, updateAccount } from './auth-api.ts';
import { authErrorCode } from './auth-errors.ts';
import { signOutEverywhere } from './auth-flows.ts';
import { $authUnavailable, $user } from './auth.store.ts';
import { loginPath } from './destination.ts';

export interface AccountIslandProps {
  locale: Locale;
  t: Messages['account'];
  /** Each locale's own name ("English", "Italiano"). */
  languageNames: Readonly<Record<Locale, string>>;
}

type Load =
  { state: 'loading' } | { state: 'failed'; blocked: boolean } | { state: 'ready'; info: UserInfo };

/**
 * The account page, rendered in the browser: profile, orders and their keys, favorites, language
 * preference, sign-out.
 */
export default function AccountIsland({ locale, t, languageNames }: AccountIslandProps) {
  const id = useId();
  const user = useStore($user);
  const authUnavailable = useStore($authUnavailable);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [language, setLanguage] = useState<Locale | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);

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

  const saveLanguage = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || load.state !== 'ready') return;
    const chosen = language ?? load.info.locale;
    setBusy(true);
    setSaveFailed(false);
    try {
      await updateAccount(await user.getIdToken(), { locale: chosen });
      window.location.assign(localizedPath(chosen, '/account'));
    } catch {
      setSaveFailed(true);
      setBusy(false);
    }
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
            <dt>{t.name}</dt>
            <dd>{info.name}</dd>
          </div>
          <div>
            <dt>{t.surname}</dt>
            <dd>{info.surname || '—'}</dd>
          </div>
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
      </section>

      <OrdersSection locale={locale} user={user} t={t.orders} />

      <FavoritesList locale={locale} user={user} t={t.favorites} />

      <section aria-labelledby={`${id}-language`}>
        <h2 id={`${id}-language`}>{t.languageHeading}</h2>
        <form className="language" onSubmit={(event) => void saveLanguage(event)}>
          <label htmlFor={`${id}-language-select`}>{t.language}</label>
          <select
            id={`${id}-language-select`}
            value={language ?? info.locale}
            onChange={(event) => setLanguage(LocaleSchema.parse(event.target.value))}
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {languageNames[option]}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            {t.save}
          </button>
        </form>
        {saveFailed && (
          <p role="alert" className="message error">
            {t.saveFailed}
          </p>
        )}
      </section>

      <div className="actions">{signOutButton}</div>
    </div>
  );
}
