import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import type { SellerDashboard } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SalesOverview } from './SalesOverview.tsx';

const figures: SellerDashboard = {
  days: 30,
  perDay: [{ day: '2026-11-26', revenue: { eur: 2000, usd: 0, gbp: 0 }, orders: 2, units: 3 }],
  topProducts: [{ id: 'p1', name: 'Elden Ring', units: 3, revenue: { eur: 2000, usd: 0, gbp: 0 } }],
  lowStock: [{ offerId: 'o1', productId: 'p1', name: 'Elden Ring', stock: 1 }],
};

const getJson = vi.fn(async () => figures);

function render(locale: 'en' | 'it' = 'en') {
  return renderInConsole(<SalesOverview />, {
    messages: { en, it: italian },
    locale,
    authProvider: signedInAuthProvider('shop@example.com'),
    dataProvider: { ...testDataProvider(), getJson },
  });
}

afterEach(cleanup);

describe('SalesOverview', () => {
  it('lists the seller’s best products and the offers running low, each opening the offer', async () => {
    render();
    const low = await screen.findByRole('list', { name: 'Offers running low' });
    expect(within(low).getByText('1 unit left')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'Elden Ring' }).getAttribute('href')).toMatch(
      /\/offers\/o1$/,
    );
    const table = screen.getByRole('table', { name: 'Product' });
    expect(within(table).getByText('€20.00')).toBeTruthy();
    expect(getJson).toHaveBeenCalledWith('/api/seller/dashboard?days=30');
  });

  it('speaks Italian', async () => {
    render('it');
    expect(await screen.findByText('1 unità rimasta')).toBeTruthy();
  });
});
