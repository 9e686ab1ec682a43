import { renderInConsole } from '@market/console-kit/testing';
import type { SellerRefund } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { RefundList } from './RefundList.tsx';

const REFUND: SellerRefund = {
  id: '0123456789abcdef0123ffff',
  saleId: '0123456789abcdef0123aaaa-0123456789abcdef0123bbbb',
  orderId: '0123456789abcdef0123aaaa',
  orderNumber: '000042',
  itemId: '0123456789abcdef0123bbbb',
  name: 'Space Miner',
  type: 'refund',
  currency: 'gbp',
  grossCents: 1999,
  commissionCents: 200,
  netCents: 1799,
  reason: 'Buyer could not activate',
  at: '2026-03-02T09:30:00.000Z',
};

afterEach(cleanup);

describe('seller RefundList', () => {
  it('shows each refunded line with its amounts in its currency and the reason', async () => {
    const getList = vi.fn(async () => ({ data: [REFUND] as never[], total: 1 }));
    renderInConsole(
      <ResourceContextProvider value="refunds">
        <RefundList />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: testDataProvider({ getList }) },
    );
    const row = (await screen.findByText('Space Miner')).closest('tr')!;
    for (const text of [
      '000042',
      'Refund',
      '£19.99',
      '£2.00',
      '£17.99',
      'Buyer could not activate',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(getList).toHaveBeenCalledWith(
      'refunds',
      expect.objectContaining({ sort: { field: 'at', order: 'DESC' } }),
    );
  });
});
