import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ADMIN_WORK_URL, Dashboard } from './Dashboard.tsx';

/** The orders API's totals: 7 placed today, 2 held for review, 1 charged back. */
const getList = vi.fn(async (_resource: string, { filter }: GetListParams) => ({
  data: [],
  total: filter.status === 'review' ? 2 : filter.status === 'charged_back' ? 1 : 7,
}));

const queue = (count: number, oldestAt: string | null = null) => ({ count, oldestAt });
/** `GET /api/admin/dashboard/work`: three orders in review since 2 March, one failed mail. */
const getJson = vi.fn(async (url: string) => {
  // The sales figures stay loading: another test's.
  if (url !== ADMIN_WORK_URL) return new Promise(() => undefined);
  return {
    ordersInReview: queue(3, '2026-03-02T10:00:00.000Z'),
    escalatedClaims: queue(0),
    sellerApplications: queue(0),
    pendingReviews: queue(0),
    openBreakers: queue(0),
    failedPayouts: queue(0),
    failedMails: queue(1, '2026-03-01T10:00:00.000Z'),
  };
});

function renderDashboard(locale: 'en' | 'it') {
  return renderInConsole(<Dashboard />, {
    messages: { en, it: italian },
    locale,
    authProvider: signedInAuthProvider('boss@example.com'),
    dataProvider: testDataProvider({ getList, getJson } as never),
  });
}

afterEach(cleanup);

describe('Dashboard', () => {
  it('greets the signed-in admin and opens on the work waiting, each count linking to its list oldest first', async () => {
    renderDashboard('en');
    expect(await screen.findByText('Welcome, boss@example.com')).toBeTruthy();
    expect(screen.queryByText(/will soon hold/)).toBeNull();
    const inReview = await screen.findByRole('link', { name: 'Orders in review: 3' });
    const href = new URL(inReview.getAttribute('href')!.replace(/^#/, ''), 'http://x');
    expect(href.pathname, inReview.getAttribute('href')!).toMatch(/\/orders$/);
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ status: 'review' });
    expect([href.searchParams.get('sort'), href.searchParams.get('order')]).toEqual([
      'createdAt',
      'ASC',
    ]);
    expect(screen.getByText(/oldest since Mar 2, 2026/)).toBeTruthy();
    const mails = screen.getByRole('link', { name: 'Mails that failed: 1' });
    expect(mails.getAttribute('href')).toContain(encodeURIComponent('{"delivery":"failed"}'));
    // An empty queue is a plain zero, no link.
    expect(screen.getByText('Reviews to moderate')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Reviews to moderate/ })).toBeNull();
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
    expect(await screen.findByText('Ordini in revisione')).toBeTruthy();
  });
});
