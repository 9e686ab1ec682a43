import { renderInConsole } from '@market/console-kit/testing';
import type { SellerSale } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SaleList } from './SaleList.tsx';

const SALE: SellerSale = {
  id: '0123456789abcdef0123aaaa-0123456789abcdef0123bbbb',
  orderId: '0123456789abcdef0123aaaa',
  orderNumber: '000042',
  productId: '0123456789abcdef0123dddd',
  offerId: '0123456789abcdef0123cccc',
  name: 'Space Miner',
  quantity: 3,
  unitPriceCents: 1999,
  currency: 'gbp',
  status: 'approved',
  deliveredCount: 3,
  createdAt: '2026-03-02T09:30:00.000Z',
};

afterEach(cleanup);

describe('seller SaleList', () => {
  it('shows each sold line with its order, prices in the order’s currency and delivery', async () => {
    const getList = vi.fn(async () => ({ data: [SALE] as never[], total: 1 }));
    renderInConsole(
      <ResourceContextProvider value="sales">
        <SaleList />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: testDataProvider({ getList }) },
    );
    const row = (await screen.findByText('Space Miner')).closest('tr')!;
    for (const text of ['000042', '£19.99', '£59.97', 'Delivered']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(getList).toHaveBeenCalledWith(
      'sales',
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }),
    );
  });
});
