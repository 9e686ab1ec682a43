import type { Role } from '@market/shared';
import { localStorageStore, type I18nProvider, type Store } from 'react-admin';
import { createFirebaseAuthProvider, type ConsoleAuthProvider } from './auth/auth-provider.ts';
import { createFirebaseSession } from './auth/firebase-session.ts';
import { createRecentSignInPrompt, type RecentSignInPrompt } from './auth/recent-sign-in.ts';
import { createDataProvider, type ConsoleDataProvider } from './data/data-provider.ts';
import { createI18nProvider, type ConsoleAppMessages } from './i18n/i18n-provider.ts';
import type { TranslationOf } from './i18n/message-tree.ts';

/** The providers a console hands to react-admin, created once at module load. */
export interface ConsoleSetup<D extends ConsoleDataProvider = ConsoleDataProvider> {
  authProvider: ConsoleAuthProvider;
  dataProvider: D;
  i18nProvider: I18nProvider;
  store: Store;
  /** The "sign in again" prompt the data provider waits on; `ConsoleAdmin` shows its dialog. */
  recentSignIn?: RecentSignInPrompt;
}

export interface ConsoleSetupOptions<
  T extends ConsoleAppMessages,
  D extends ConsoleDataProvider = ConsoleDataProvider,
> {
  /** The only role allowed in. */
  role: Role;
  /** The role's API, e.g. `/api/admin`. */
  apiBase: string;
  messages: { en: T; it: TranslationOf<T> };
  /** Also let in applicants (role `user` with a `sellerId` claim), with permission `applicant`. */
  admitApplicants?: boolean;
  /** Adds the console's own custom methods to the data provider. */
  extendDataProvider?: (base: ConsoleDataProvider) => D;
}

/** Wires one Firebase session into the auth and data providers, plus i18n and a per-console store. */
export function createConsoleSetup<
  T extends ConsoleAppMessages,
  D extends ConsoleDataProvider = ConsoleDataProvider,
>({
  role,
  apiBase,
  messages,
  admitApplicants = false,
  extendDataProvider = (base) => base as D,
}: ConsoleSetupOptions<T, D>): ConsoleSetup<D> {
  const session = createFirebaseSession(`market-${role}`);
  const recentSignIn = createRecentSignInPrompt(session);
  return {
    authProvider: createFirebaseAuthProvider({ role, session, admitApplicants }),
    dataProvider: extendDataProvider(createDataProvider(apiBase, session, recentSignIn)),
    recentSignIn,
    i18nProvider: createI18nProvider(messages.en, messages.it),
    // Both consoles share the origin; separate keys keep their preferences (locale, sort) apart.
    store: localStorageStore(undefined, `market-${role}`),
  };
}
