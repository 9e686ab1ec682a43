import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { LINE_REFUND } from '../orders/test-orders.ts';
import { RefundList } from './RefundList.tsx';

const WHOLE_ORDER_FAILED = {
  ...LINE_REFUND,
  id: '0123456789abcdef01230000',
  itemId: null,
  status: 'failed',
  reason: 'Duplicate payment',
  providerRefundId: null,
};

afterEach(cleanup);

describe('admin RefundList', () => {
  it('shows each refund with its order, scope, amount and status', async () => {
    renderInConsole(
      <ResourceContextProvider value="refunds">
        <RefundList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [LINE_REFUND, WHOLE_ORDER_FAILED] as never[], total: 2 }),
        }),
      },
    );
    const line = (await screen.findByText('Ticket 881: keys did not work')).closest('tr')!;
    expect(within(line).getByText('€35.98')).toBeTruthy();
    expect(within(line).getByText('Completed')).toBeTruthy();
    expect(within(line).getByText(LINE_REFUND.itemId!)).toBeTruthy();
    const order = within(line).getByRole('link', { name: '000043' });
    expect(order.getAttribute('href')).toContain(`/orders/${LINE_REFUND.orderId}/show`);

    const whole = screen.getByText('Duplicate payment').closest('tr')!;
    expect(within(whole).getByText('Whole order')).toBeTruthy();
    expect(within(whole).getByText('Failed')).toBeTruthy();
  });
});
