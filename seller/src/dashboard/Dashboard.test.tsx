import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { API_DOCS_URL, Dashboard, SELLER_WORK_URL } from './Dashboard.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** What the marketplace owes the seller, as `GET /api/seller/balance` answers it. */
const balanceProvider = () =>
  testDataProvider({
    // The work waiting: two claims to answer, the first due on 5 March; one offer out of keys.
    getJson: async (url: string) =>
      url === SELLER_WORK_URL
        ? {
            openClaims: { count: 2, oldestAt: '2026-03-05T12:00:00.000Z' },
            outOfStock: { count: 1, oldestAt: null },
            lowStock: { count: 0, oldestAt: null },
          }
        : new Promise(() => undefined),
    getBalance: async () => ({
      eur: { pendingCents: 12_345, availableCents: -500, paidCents: 100_000 },
      usd: { pendingCents: 0, availableCents: 0, paidCents: 0 },
      gbp: { pendingCents: 0, availableCents: 990, paidCents: 0 },
    }),
  });

describe('Dashboard', () => {
  it('greets the signed-in seller by email and opens on the work waiting', async () => {
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: {
        ...signedInAuthProvider('shop@example.com'),
        getPermissions: async () => 'seller',
      },
      dataProvider: balanceProvider(),
    });
    expect(await screen.findByText('Welcome, shop@example.com')).toBeTruthy();
    const claims = await screen.findByRole('link', { name: 'Claims to answer: 2' });
    const href = new URL(claims.getAttribute('href')!.replace(/^#/, ''), 'http://x');
    expect(href.pathname).toMatch(/\/claims$/);
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ status: 'open' });
    expect(href.searchParams.get('order')).toBe('ASC');
    expect(screen.getByText(/first deadline Mar 5, 2026/)).toBeTruthy();
    const soldOut = screen.getByRole('link', { name: 'Offers out of keys: 1' });
    expect(decodeURIComponent(soldOut.getAttribute('href')!)).toContain('"stockAtMost":0');
  });

  it('shows an approved seller their pending, available and paid money in every currency', async () => {
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: {
        ...signedInAuthProvider('shop@example.com'),
        getPermissions: async () => 'seller',
      },
      dataProvider: balanceProvider(),
    });
    expect(await screen.findByText('€123.45')).toBeTruthy();
    // A refund after a payout leaves a negative balance, carried forward.
    expect(screen.getByText('-€5.00')).toBeTruthy();
    expect(screen.getByText('€1,000.00')).toBeTruthy();
    expect(screen.getAllByText('$0.00')).toHaveLength(3);
    expect(screen.getByText('£9.90')).toBeTruthy();
    expect(screen.getByText(en.app.balance.availableCents)).toBeTruthy();
  });

  it('says so when the balance cannot be loaded', async () => {
    // react-admin logs failed data provider calls; the test expects this one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: {
        ...signedInAuthProvider('shop@example.com'),
        getPermissions: async () => 'seller',
      },
      dataProvider: testDataProvider({ getBalance: () => Promise.reject(new Error('down')) }),
    });
    expect(await screen.findByText(en.app.balance.load_failed)).toBeTruthy();
  });

  it('links an approved seller to the API reference', async () => {
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: {
        ...signedInAuthProvider('shop@example.com'),
        getPermissions: async () => 'seller',
      },
      dataProvider: balanceProvider(),
    });
    const link = await screen.findByRole('link', { name: en.app.dashboard.api.link });
    expect(link.getAttribute('href')).toBe(API_DOCS_URL);
  });

  it("shows an applicant their application's status instead", async () => {
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: {
        ...signedInAuthProvider('new-shop@example.com'),
        getPermissions: async () => 'applicant',
      },
      dataProvider: testDataProvider({
        getSellerApplication: async () => ({
          id: 's-1',
          name: 'New Shop',
          status: 'pending',
          statusReason: null,
          createdAt: '2026-03-01T10:00:00.000Z',
        }),
      }),
    });
    expect(await screen.findByText('Your application is being reviewed.')).toBeTruthy();
    // Not the work of an approved shop.
    expect(screen.queryByText('Claims to answer')).toBeNull();
  });
});
