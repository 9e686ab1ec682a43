import { renderInConsole } from '@market/console-kit/testing';
import type { SellerApplication, SellerStatus } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ApplicationStatus } from './ApplicationStatus.tsx';

const APPLICATION: SellerApplication = {
  id: 'pixel-keys-1a2b3c',
  name: 'Pixel Keys',
  status: 'pending',
  statusReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

function applicantAuthProvider(refreshClaims = vi.fn(async () => undefined)) {
  const logout = vi.fn(async () => undefined);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => 'applicant',
    refreshClaims,
  };
  return { authProvider, refreshClaims, logout };
}

function renderStatus(
  answer: () => Promise<SellerApplication | null>,
  { locale = 'en' as 'en' | 'it', reload = vi.fn(), auth = applicantAuthProvider() } = {},
) {
  renderInConsole(<ApplicationStatus reload={reload} />, {
    messages: { en, it: italian },
    locale,
    dataProvider: testDataProvider({ getSellerApplication: vi.fn(answer) }),
    authProvider: auth.authProvider,
  });
  return { reload, ...auth };
}

const withStatus =
  (status: SellerStatus, statusReason: string | null = null) =>
  async () => ({
    ...APPLICATION,
    status,
    statusReason,
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ApplicationStatus', () => {
  it('tells a pending applicant the application is being reviewed', async () => {
    renderStatus(withStatus('pending'));
    expect(await screen.findByText('Your application is being reviewed.')).toBeTruthy();
    expect(screen.getByText('Shop: Pixel Keys')).toBeTruthy();
    expect(screen.queryByText(/^Reason:/)).toBeNull();
  });

  it('gives the reason of a rejection', async () => {
    renderStatus(withStatus('rejected', 'VAT number does not match'));
    expect(await screen.findByText('Your application was rejected.')).toBeTruthy();
    expect(screen.getByText('Reason: VAT number does not match')).toBeTruthy();
  });

  it('gives the reason of a suspension', async () => {
    renderStatus(withStatus('suspended', 'Keys reported as resold'));
    expect(await screen.findByText('Your seller account is suspended.')).toBeTruthy();
    expect(screen.getByText('Reason: Keys reported as resold')).toBeTruthy();
  });

  it('tells an applicant approved since signing in to check again', async () => {
    renderStatus(withStatus('approved'));
    expect(await screen.findByText('Your application has been approved.')).toBeTruthy();
    expect(screen.getByText('Select "Check again" to open the seller console.')).toBeTruthy();
  });

  it('says so when the account has no application, or when it cannot be loaded', async () => {
    // react-admin logs failed data provider calls; the test expects this one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStatus(async () => null);
    expect(await screen.findByText('This account has no seller application.')).toBeTruthy();
    cleanup();
    renderStatus(() => Promise.reject(new Error('Something went wrong')));
    expect(
      await screen.findByText('Your application cannot be loaded right now. Try again later.'),
    ).toBeTruthy();
  });

  it('"Check again" refreshes the ID token, then reloads', async () => {
    const { refreshClaims, reload } = renderStatus(withStatus('pending'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(refreshClaims).toHaveBeenCalled();
  });

  it('signs out when the session cannot be refreshed any more', async () => {
    const auth = applicantAuthProvider(vi.fn(() => Promise.reject(new Error('revoked'))));
    const { reload, logout } = renderStatus(withStatus('suspended'), { auth });
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers Sign out', async () => {
    const { logout } = renderStatus(withStatus('pending'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });

  it('speaks Italian', async () => {
    renderStatus(withStatus('pending'), { locale: 'it' });
    expect(await screen.findByText('La tua richiesta è in corso di valutazione.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Controlla di nuovo' })).toBeTruthy();
  });
});
