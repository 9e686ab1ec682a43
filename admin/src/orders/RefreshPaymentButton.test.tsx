import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { RefreshPaymentButton } from './RefreshPaymentButton.tsx';
import { REVIEW_ORDER } from './test-orders.ts';

afterEach(cleanup);

describe('RefreshPaymentButton', () => {
  it('asks the provider about the order’s payment again', async () => {
    const refreshOrder = vi.fn(async () => REVIEW_ORDER);
    renderInConsole(
      <RecordContextProvider value={REVIEW_ORDER}>
        <RefreshPaymentButton />
        <Notification />
      </RecordContextProvider>,
      { messages: { en, it: italian }, dataProvider: testDataProvider({ refreshOrder }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh payment' }));
    await waitFor(() => expect(refreshOrder).toHaveBeenCalledWith({ id: REVIEW_ORDER.id }));
    expect(await screen.findByText('Payment checked with the provider')).toBeTruthy();
  });

  it('is not offered before a payment was started', () => {
    renderInConsole(
      <RecordContextProvider value={{ ...REVIEW_ORDER, payment: null }}>
        <RefreshPaymentButton />
      </RecordContextProvider>,
      { messages: { en, it: italian } },
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
