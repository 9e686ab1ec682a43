import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../testing/index.tsx';
import { testAppEn, testAppIt } from '../testing/test-messages.ts';
import { ConsoleLoginPage } from './ConsoleLoginPage.tsx';

function signedOutAuthProvider(login: AuthProvider['login']): AuthProvider {
  return {
    login,
    logout: async () => undefined,
    checkAuth: () => Promise.reject(new Error('signed out')),
    checkError: async () => undefined,
  };
}

function renderLoginPage(login: AuthProvider['login'], locale: 'en' | 'it' = 'en') {
  return renderInConsole(
    <>
      <ConsoleLoginPage />
      <Notification />
    </>,
    {
      messages: { en: testAppEn, it: testAppIt },
      locale,
      authProvider: signedOutAuthProvider(login),
    },
  );
}

function fillAndSubmit(email: string, password: string, signIn = 'Sign in') {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: signIn }));
}

afterEach(cleanup);

describe('ConsoleLoginPage', () => {
  it("shows the console's title, labelled Email and Password inputs and a Sign in button", async () => {
    renderLoginPage(vi.fn());
    expect(await screen.findByRole('heading', { name: 'Test console' })).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('hands the email (as username) and password to the auth provider', async () => {
    const login = vi.fn(async () => undefined);
    renderLoginPage(login);
    fillAndSubmit('admin@example.com', 's3cret!');
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ username: 'admin@example.com', password: 's3cret!' }),
    );
  });

  it('explains a wrong-role rejection in the active language', async () => {
    const login = vi.fn(() => Promise.reject(new Error('app.auth.wrong_role')));
    renderLoginPage(login, 'it');
    expect(await screen.findByRole('heading', { name: 'Console di prova' })).toBeTruthy();
    fillAndSubmit('seller@example.com', 's3cret!', 'Accedi');
    expect(
      await screen.findByText('Questo account non è autorizzato a usare questa console.'),
    ).toBeTruthy();
  });
});
