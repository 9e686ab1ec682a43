import { cleanup, render, screen } from '@testing-library/react';
import {
  ListGuesser,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  useTranslate,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleAuthProvider } from '../auth/auth-provider.ts';
import type { ConsoleSetup } from '../console-setup.ts';
import type { ConsoleDataProvider } from '../data/data-provider.ts';
import { createI18nProvider } from '../i18n/i18n-provider.ts';
import { testAppEn, testAppIt } from '../testing/test-messages.ts';
import { ConsoleAdmin } from './ConsoleAdmin.tsx';
import { ConsoleLoginPage } from './ConsoleLoginPage.tsx';

function authProvider(permissions: string | null): ConsoleAuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: () => (permissions ? Promise.resolve() : Promise.reject(new Error('signed out'))),
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'uid-1', fullName: 'shop@example.com' }),
    getPermissions: async () => permissions as 'applicant' | null,
    refreshClaims: async () => undefined,
  };
}

function setup(permissions: string | null): ConsoleSetup {
  return {
    authProvider: authProvider(permissions),
    dataProvider: testDataProvider({
      getList: async () => ({ data: [], total: 0 }),
    }) as ConsoleDataProvider,
    i18nProvider: createI18nProvider(testAppEn, testAppIt),
    store: memoryStore(),
  };
}

const Home = () => <p>{useTranslate()('app.dashboard.title')}</p>;
const LoginWithLink = () => (
  <ConsoleLoginPage>
    <a href="/register">Apply</a>
  </ConsoleLoginPage>
);

function renderConsoleAt(path: string, permissions: string | null) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <ConsoleAdmin
        setup={setup(permissions)}
        dashboard={Home}
        loginPage={LoginWithLink}
        publicRoutes={[{ path: '/register', element: <h1>Public form</h1> }]}
      >
        {(granted: unknown) =>
          granted === 'applicant' ? null : <Resource name="things" list={ListGuesser} />
        }
      </ConsoleAdmin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('ConsoleAdmin', () => {
  it('opens a public route without anyone signed in', async () => {
    renderConsoleAt('/register', null);
    expect(await screen.findByRole('heading', { name: 'Public form' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('sends a signed-out visitor to its login page, with what the console adds under the form', async () => {
    renderConsoleAt('/', null);
    expect(await screen.findByRole('link', { name: 'Apply' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('gives resources by permission: none for an applicant, only the dashboard', async () => {
    renderConsoleAt('/', 'applicant');
    expect(await screen.findByText('Home', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Things/ })).toBeNull();
  });

  it('gives the resources to the console role', async () => {
    renderConsoleAt('/', 'seller');
    expect(await screen.findByRole('menuitem', { name: /Things/ })).toBeTruthy();
  });
});
