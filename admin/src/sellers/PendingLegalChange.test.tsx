import { renderInConsole } from '@market/console-kit/testing';
import type { Seller } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { PendingLegalChange } from './PendingLegalChange.tsx';
import { PENDING_SELLER } from './test-sellers.ts';

const WAITING: Seller = {
  ...PENDING_SELLER,
  status: 'approved',
  address: null,
  pendingLegalChange: {
    id: '0123456789abcdef01234567',
    registrationName: 'Pixel Keys Group S.p.A.',
    vatNumber: 'IT01234567890',
    address: 'Via Roma 1, Milano',
    requestedAt: '2026-03-05T10:00:00.000Z',
  },
};

function renderPanel(seller: Seller, decideLegalChange = vi.fn(async () => seller)) {
  renderInConsole(
    <RecordContextProvider value={seller}>
      <PendingLegalChange />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ decideLegalChange }) },
  );
  return decideLegalChange;
}

afterEach(cleanup);

describe('PendingLegalChange', () => {
  it('shows nothing when no change waits', () => {
    renderPanel(PENDING_SELLER);
    expect(screen.queryByTestId('pending-legal-change')).toBeNull();
  });

  it('shows the approved details beside the asked ones and approves that very change', async () => {
    const decide = renderPanel(WAITING);
    const panel = screen.getByTestId('pending-legal-change');
    const row = within(panel).getByText('Registration name').closest('tr')!;
    expect(within(row).getByText('Pixel Keys S.r.l.')).toBeTruthy();
    expect(within(row).getByText('Pixel Keys Group S.p.A.')).toBeTruthy();
    expect(within(panel).getByText('Via Roma 1, Milano')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Approve change' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve the legal details change of Pixel Keys?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith({
        id: 'pixel-keys-1a2b3c',
        decision: 'approve',
        changeId: '0123456789abcdef01234567',
        reason: '',
      }),
    );
    expect(await screen.findByText('Legal details change approved')).toBeTruthy();
  });
});
