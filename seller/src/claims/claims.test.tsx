import { renderInConsole } from '@market/console-kit/testing';
import type { Claim } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ClaimActionButtons } from './ClaimActionButtons.tsx';

const OPEN_CLAIM: Claim = {
  id: '0123456789abcdef0123c1a1',
  orderId: '0123456789abcdef01230043',
  orderNumber: '000043',
  itemId: '0123456789abcdef0123e001',
  keyId: '0123456789abcdef0123f001',
  offerId: '0123456789abcdef0123a001',
  productId: '0123456789abcdef0123b001',
  sellerId: 'pixel-keys',
  name: 'Stellar Drift',
  quantity: 1,
  unitPriceCents: 1799,
  currency: 'eur',
  reason: 'not_working',
  details: '',
  status: 'open',
  respondBy: '2030-01-03T10:00:00.000Z',
  replacementKeyId: null,
  history: [],
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderButtons(claim: Claim, answerClaim = vi.fn(async () => claim)) {
  renderInConsole(
    <RecordContextProvider value={claim}>
      <ClaimActionButtons />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ answerClaim }) },
  );
  return answerClaim;
}

describe('seller ClaimActionButtons', () => {
  it('answers an open claim with a replacement', async () => {
    const answerClaim = renderButtons(OPEN_CLAIM);
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['Ask an admin', 'Refund', 'Replace']);
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the key of Stellar Drift?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answerClaim).toHaveBeenCalledWith(OPEN_CLAIM.id, 'replace', ''));
    expect(await screen.findByText('Replaced: the buyer has the new key')).toBeTruthy();
  });

  it('offers nothing once the claim is settled or escalated', () => {
    renderButtons({ ...OPEN_CLAIM, status: 'escalated' });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
