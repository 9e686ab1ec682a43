import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ADMIN_SECTIONS, Dashboard } from './Dashboard.tsx';

/** The orders API's totals: 7 placed today, 2 held for review, 1 charged back. */
const getList = vi.fn(async (_resource: string, { filter }: GetListParams) => ({
  data: [],
  total: filter.status === 'review' ? 2 : filter.status === 'charged_back' ? 1 : 7,
}));

function renderDashboard(locale: 'en' | 'it') {
  return renderInConsole(<Dashboard />, {
    messages: { en, it: italian },
    locale,
    authProvider: signedInAuthProvider('boss@example.com'),
    dataProvider: testDataProvider({ getList }),
  });
}

afterEach(cleanup);

describe('Dashboard', () => {
  it('greets the signed-in admin by email and lists what the console holds', async () => {
    renderDashboard('en');
    expect(await screen.findByText('Welcome, boss@example.com')).toBeTruthy();
    for (const section of ADMIN_SECTIONS) {
      expect(screen.getByText(en.app.dashboard.sections[section])).toBeTruthy();
    }
  });

  it('counts today’s orders and those waiting for review, each linking to its list', async () => {
    renderDashboard('en');
    const review = await screen.findByRole('link', { name: '2' });
    expect(review.getAttribute('href')).toMatch(/\/review-queue$/);
    const today = screen.getByRole('link', { name: '7' });
    const filter = decodeURIComponent(today.getAttribute('href')!.split('filter=')[1]!);
    const createdFrom = new Date(JSON.parse(filter).createdFrom);
    expect([createdFrom.getHours(), createdFrom.getMinutes()]).toEqual([0, 0]);
    expect(Date.now() - createdFrom.getTime()).toBeLessThan(24 * 60 * 60 * 1000);
    expect(screen.getByText('Waiting for review')).toBeTruthy();
  });

  it('counts charged-back orders, linking to them in the order list', async () => {
    renderDashboard('en');
    const chargedBack = await screen.findByRole('link', { name: '1' });
    const filter = decodeURIComponent(chargedBack.getAttribute('href')!.split('filter=')[1]!);
    expect(JSON.parse(filter)).toEqual({ status: 'charged_back' });
    expect(screen.getByText('Charged back')).toBeTruthy();
  });

  it('speaks Italian when the locale is Italian', async () => {
    renderDashboard('it');
    expect(await screen.findByText('Ciao, boss@example.com')).toBeTruthy();
    expect(screen.getByText(italian.app.dashboard.sections.categories)).toBeTruthy();
  });
});
