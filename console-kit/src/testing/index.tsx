import { DEFAULT_CATEGORIES } from '@market/shared';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  AdminContext,
  memoryStore,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
  type GetListParams,
  type GetOneParams,
  type RaRecord,
} from 'react-admin';
import type { ConsoleCategory } from '../catalogue/category.ts';
import { createI18nProvider, type ConsoleAppMessages } from '../i18n/i18n-provider.ts';
import type { TranslationOf } from '../i18n/message-tree.ts';

/** The seeded categories, as the admin and seller APIs answer them. */
export const TEST_CATEGORIES: ConsoleCategory[] = DEFAULT_CATEGORIES.map((category) => ({
  ...category,
  name: { ...category.name },
}));

/** A data provider answering `categories` from memory, in the requested order. */
export function categoriesDataProvider(categories = TEST_CATEGORIES): DataProvider {
  return testDataProvider({
    getList: async <RecordType extends RaRecord>(_resource: string, { sort }: GetListParams) => {
      const direction = sort?.order === 'DESC' ? -1 : 1;
      const data = [...categories].sort((a, b) => direction * (a.position - b.position));
      return { data: data as unknown as RecordType[], total: data.length };
    },
    getOne: async <RecordType extends RaRecord>(_resource: string, { id }: GetOneParams) => {
      const category = categories.find((candidate) => candidate.id === id);
      if (!category) throw new Error(`no category ${String(id)}`);
      return { data: category as unknown as RecordType };
    },
  });
}

/** An auth provider with someone already signed in under `email`. */
export function signedInAuthProvider(email: string): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'uid-1', fullName: email, email }),
  };
}

export interface RenderInConsoleOptions<T extends ConsoleAppMessages> {
  messages: { en: T; it: TranslationOf<T> };
  locale?: 'en' | 'it';
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
}

/** Renders `ui` inside react-admin's context with a console's messages, without any network. */
export function renderInConsole<T extends ConsoleAppMessages>(
  ui: ReactElement,
  { messages, locale = 'en', dataProvider, authProvider }: RenderInConsoleOptions<T>,
): RenderResult {
  return render(
    <AdminContext
      dataProvider={dataProvider ?? testDataProvider()}
      authProvider={authProvider}
      i18nProvider={createI18nProvider(messages.en, messages.it)}
      store={memoryStore({ locale })}
    >
      {ui}
    </AdminContext>,
  );
}

export { describeMessageParity } from './message-parity.ts';
