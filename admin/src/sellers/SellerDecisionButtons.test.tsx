import { renderInConsole } from '@market/console-kit/testing';
import { SELLER_STATUSES, type Seller, type SellerStatus } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SellerDecisionButtons } from './SellerDecisionButtons.tsx';
import { PENDING_SELLER } from './test-sellers.ts';

function renderButtons(
  status: SellerStatus,
  decideSeller: (...args: unknown[]) => Promise<Seller> = vi.fn(async () => PENDING_SELLER),
) {
  renderInConsole(
    <RecordContextProvider value={{ ...PENDING_SELLER, status }}>
      <SellerDecisionButtons />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ decideSeller }) },
  );
  return decideSeller;
}

const EXPECTED: Record<SellerStatus, string[]> = {
  pending: ['Approve', 'Reject'],
  approved: ['Suspend'],
  rejected: ['Approve'],
  suspended: ['Approve'],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SellerDecisionButtons', () => {
  it.each(SELLER_STATUSES)('offers a %s seller only the decisions allowed from there', (status) => {
    renderButtons(status);
    const offered = screen
      .getAllByRole('button')
      .map((button) => button.textContent)
      .sort();
    expect(offered).toEqual([...EXPECTED[status]].sort());
  });

  it('approves after confirmation, sending the optional reason', async () => {
    const decideSeller = renderButtons('pending');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve Pixel Keys?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: '  Trader data checked ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(decideSeller).toHaveBeenCalledWith({
        id: 'pixel-keys-1a2b3c',
        decision: 'approve',
        reason: 'Trader data checked',
      }),
    );
    expect(await screen.findByText('Seller approved')).toBeTruthy();
  });

  it('rejects with an empty reason when none is given', async () => {
    const decideSeller = renderButtons('pending');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Pixel Keys?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(decideSeller).toHaveBeenCalledWith({
        id: 'pixel-keys-1a2b3c',
        decision: 'reject',
        reason: '',
      }),
    );
  });

  it('explains a 409 (decided meanwhile by someone else)', async () => {
    // react-admin logs failed data provider calls; the test expects this one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderButtons(
      'approved',
      vi.fn(() => Promise.reject(Object.assign(new Error('conflict'), { status: 409 }))),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Pixel Keys?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/status has changed meanwhile/)).toBeTruthy();
  });
});
