import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { RefundLineButton, RefundOrderButton } from './RefundButton.tsx';
import { APPROVED_ORDER } from './test-orders.ts';

const LINE = APPROVED_ORDER.items[0]!;

function renderWith(ui: ReactElement, refundOrder = vi.fn(async () => APPROVED_ORDER)) {
  renderInConsole(
    <>
      {ui}
      <Notification />
    </>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ refundOrder }) },
  );
  return refundOrder;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RefundOrderButton', () => {
  it('refunds the whole order only with a reason, sent trimmed', async () => {
    const refundOrder = renderWith(
      <RecordContextProvider value={APPROVED_ORDER}>
        <RefundOrderButton />
      </RecordContextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 000043?' });
    const confirm = within(dialog).getByRole('button', { name: 'Refund' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: '  Buyer withdrew within 14 days ' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(refundOrder).toHaveBeenCalledWith({
        id: APPROVED_ORDER.id,
        reason: 'Buyer withdrew within 14 days',
      }),
    );
    expect(await screen.findByText('Refund sent')).toBeTruthy();
  });

  it('is not offered once everything went back, nor without a captured payment', () => {
    renderWith(
      <>
        <RecordContextProvider value={{ ...APPROVED_ORDER, refundedCents: 3598 }}>
          <RefundOrderButton />
        </RecordContextProvider>
        <RecordContextProvider value={{ ...APPROVED_ORDER, payment: null }}>
          <RefundOrderButton />
        </RecordContextProvider>
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('RefundLineButton', () => {
  it('refunds one line, naming it', async () => {
    const refundOrder = renderWith(
      <RecordContextProvider value={LINE}>
        <RefundLineButton order={APPROVED_ORDER} />
      </RecordContextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund line' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Refund Space Miner of order 000043?',
    });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Ticket 881' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund line' }));
    await waitFor(() =>
      expect(refundOrder).toHaveBeenCalledWith({
        id: APPROVED_ORDER.id,
        itemId: LINE.id,
        reason: 'Ticket 881',
      }),
    );
  });

  it('is not offered for a line refunded already', () => {
    renderWith(
      <RecordContextProvider value={{ ...LINE, refundedCents: 3598 }}>
        <RefundLineButton order={APPROVED_ORDER} />
      </RecordContextProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
