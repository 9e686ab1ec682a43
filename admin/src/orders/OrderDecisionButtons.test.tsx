import { renderInConsole } from '@market/console-kit/testing';
import type { AdminOrder, OrderStatus } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { OrderDecisionButtons } from './OrderDecisionButtons.tsx';
import { REVIEW_ORDER } from './test-orders.ts';

function renderButtons(
  status: OrderStatus,
  decideOrder: (...args: unknown[]) => Promise<AdminOrder> = vi.fn(async () => REVIEW_ORDER),
  payment: AdminOrder['payment'] = REVIEW_ORDER.payment,
) {
  renderInConsole(
    <RecordContextProvider value={{ ...REVIEW_ORDER, status, payment }}>
      <OrderDecisionButtons />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ decideOrder }) },
  );
  return decideOrder;
}

const labels = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .sort();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OrderDecisionButtons', () => {
  it.each([
    ['pending', ['Cancel order']],
    [
      'review',
      ['Approve', 'Cancel order', 'Decline', 'Decline as fraud', 'Decline: business rules'],
    ],
    // Its captured payment went back with the decline: the buyer orders again.
    ['declined_fraud', []],
    ['approved', []],
    ['cancelled', []],
  ] as const)('offers a %s order only %j', (status, expected) => {
    renderButtons(status);
    expect(labels()).toEqual([...expected].sort());
  });

  it('offers to approve again a decline whose payment never went through', () => {
    renderButtons('declined', undefined, { ...REVIEW_ORDER.payment!, status: 'failed' });
    expect(labels()).toEqual(['Approve']);
  });

  it('approves after confirmation and lets the server record the fitting reason', async () => {
    const decideOrder = renderButtons('review');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order 000042?' });
    expect(within(dialog).getByText(/gets the keys at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(decideOrder).toHaveBeenCalledWith({ id: REVIEW_ORDER.id, action: 'approve' }),
    );
    expect(await screen.findByText('Order approved: the keys are delivered')).toBeTruthy();
  });

  it('declines as fraud with the spec’s fraud reason', async () => {
    const decideOrder = renderButtons('review');
    fireEvent.click(screen.getByRole('button', { name: 'Decline as fraud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order 000042 as fraud?' });
    expect(within(dialog).getByText(/all of it goes back to the buyer/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(decideOrder).toHaveBeenCalledWith({
        id: REVIEW_ORDER.id,
        action: 'decline',
        reason: 'Declined by Admin as fraud, manual execution',
      }),
    );
  });

  it('explains a 409: the payment, the expiry job or another admin decided first', async () => {
    // react-admin logs failed data provider calls; the test expects this one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderButtons(
      'pending',
      vi.fn(() => Promise.reject(Object.assign(new Error('conflict'), { status: 409 }))),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 000042?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/changed meanwhile/)).toBeTruthy();
  });
});
