import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, Link, memoryStore, TextInput, testDataProvider } from 'react-admin';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleAuthProvider } from '../auth/auth-provider.ts';
import type { ConsoleSetup } from '../console-setup.ts';
import type { ConsoleDataProvider } from '../data/data-provider.ts';
import { createI18nProvider } from '../i18n/i18n-provider.ts';
import { testAppEn, testAppIt } from '../testing/test-messages.ts';
import { ConsoleAdmin } from './ConsoleAdmin.tsx';
import { ConsoleLoginPage } from './ConsoleLoginPage.tsx';
import { ConsoleRouterProvider } from './mount-console.tsx';

const signedOut: ConsoleAuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: () => Promise.reject(new Error('signed out')),
  checkError: async () => undefined,
  getIdentity: () => Promise.reject(new Error('signed out')),
  getPermissions: async () => null,
  refreshClaims: async () => undefined,
};

const setup: ConsoleSetup = {
  authProvider: signedOut,
  dataProvider: testDataProvider() as ConsoleDataProvider,
  i18nProvider: createI18nProvider(testAppEn, testAppIt),
  store: memoryStore(),
};

/** A login page (with its own "Email" field) linking to a public form whose first field is "Email". */
const LoginWithLink = () => (
  <ConsoleLoginPage>
    <Link to="/register">Apply</Link>
  </ConsoleLoginPage>
);

const RegisterForm = () => (
  <main>
    <h1>Apply</h1>
    <Form onSubmit={() => undefined}>
      <TextInput source="email" label="Email" />
    </Form>
  </main>
);

function renderConsoleAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/*',
        element: (
          <ConsoleAdmin
            setup={setup}
            dashboard={() => null}
            loginPage={LoginWithLink}
            publicRoutes={[{ path: '/register', element: <RegisterForm /> }]}
          >
            {() => null}
          </ConsoleAdmin>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(<ConsoleRouterProvider router={router} />);
}

/** Types as a browser does: the value, then an `input` event; no `act()` to finish pending renders. */
function typeInto(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
  cleanup();
});

describe('ConsoleRouterProvider', () => {
  it('shows the next page as soon as a link is followed, so what is typed next goes into it', async () => {
    renderConsoleAt('/login');
    const link = await screen.findByRole('link', { name: 'Apply' });

    // Like someone typing right after the click: no act() that would flush a pending render.
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    link.click();
    await Promise.resolve();
    // Whichever "Email" field is on screen now: the login page's (`Email *`) or the form's.
    typeInto(screen.getByLabelText(/^Email/) as HTMLInputElement, 'shop@example.com');
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Apply' })).toBeTruthy());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('shop@example.com');
  });
});
