import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import type { AdminDashboard } from '@market/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SalesOverview } from './SalesOverview.tsx';

const noCents = { eur: 0, usd: 0, gbp: 0 };
const figures = (days: number): AdminDashboard => ({
  days,
  perDay: [{ day: '2026-11-26', revenue: { eur: 2500, usd: 600, gbp: 0 }, orders: 3, units: 5 }],
  ordersByStatus: [
    { status: 'approved', count: 4 },
    { status: 'review', count: 1 },
  ],
  conversion: { pageViews: 40, orders: 6, delivered: 4, ratePer100: 10 },
  topProducts: [{ id: 'p1', name: 'Elden Ring', units: 3, revenue: { ...noCents, eur: 2000 } }],
  topSellers: [{ id: 's1', name: 'Pixel Keys', units: days, revenue: noCents }],
  waiting: { reviewQueue: 1, sellerApplications: 2, pendingReviews: 5, escalatedClaims: 3 },
});

const getJson = vi.fn(async (url: string) =>
  figures(Number(new URL(url, 'http://x').searchParams.get('days'))),
);

function render() {
  return renderInConsole(<SalesOverview />, {
    messages: { en, it: italian },
    locale: 'en',
    authProvider: signedInAuthProvider('boss@example.com'),
    dataProvider: { ...testDataProvider(), getJson },
  });
}

afterEach(() => {
  cleanup();
  getJson.mockClear();
});

describe('SalesOverview', () => {
  it('shows the server’s figures for the last 30 days: conversion, best products and shops', async () => {
    render();
    expect(await screen.findByText('10 %')).toBeTruthy();
    expect(getJson).toHaveBeenCalledWith('/api/admin/dashboard?days=30');
    const products = screen.getByRole('table', { name: 'Product' });
    expect(within(products).getByText('Elden Ring')).toBeTruthy();
    expect(within(products).getByText('€20.00')).toBeTruthy();
    const pending = screen.getByRole('link', { name: '2' });
    expect(decodeURIComponent(pending.getAttribute('href')!)).toContain('{"status":"pending"}');
    const reviews = screen.getByRole('link', { name: '5' });
    expect(decodeURIComponent(reviews.getAttribute('href')!)).toMatch(/reviews\?filter=.*pending/);
    const claims = screen.getByRole('link', { name: '3' });
    expect(decodeURIComponent(claims.getAttribute('href')!)).toMatch(/claims\?filter=.*escalated/);
  });

  it('asks again for the period picked', async () => {
    render();
    await screen.findByText('10 %');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByRole('cell', { name: '7' })).toBeTruthy();
    expect(getJson).toHaveBeenLastCalledWith('/api/admin/dashboard?days=7');
  });

  it('says so when the figures cannot be loaded', async () => {
    getJson.mockRejectedValueOnce(new Error('down'));
    render();
    expect(
      await screen.findByText('The figures could not be loaded. Try again later.'),
    ).toBeTruthy();
  });
});
