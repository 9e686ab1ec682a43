import { renderInConsole } from '@market/console-kit/testing';
import type { ProductProposal } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ProposalDecisionButtons } from './ProposalDecisionButtons.tsx';

const PROPOSAL: ProductProposal = {
  id: 'p1',
  sellerId: 'shop-1',
  name: { en: 'Comet Drifter', it: '' },
  description: { en: '', it: '' },
  categoryId: 'games',
  brand: 'Brand New Studio',
  platform: 'steam',
  region: 'Global',
  type: 'key',
  denomination: null,
  images: [],
  tags: [],
  note: '',
  status: 'pending',
  reason: null,
  productId: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  decidedAt: null,
};

type PostAction = (path: string, body?: unknown) => Promise<unknown>;

function renderButtons(
  proposal: ProductProposal,
  postAction = vi.fn<PostAction>(async () => proposal),
) {
  renderInConsole(
    <RecordContextProvider value={proposal}>
      <ProposalDecisionButtons />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ postAction }) },
  );
  return postAction;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ProposalDecisionButtons', () => {
  it('approves a pending proposal after confirmation', async () => {
    const postAction = renderButtons(PROPOSAL);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Comet Drifter?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(postAction).toHaveBeenCalledWith('/product-proposals/p1/approve', {}),
    );
    expect(
      await screen.findByText('Proposal approved: the product is in the catalogue'),
    ).toBeTruthy();
  });

  it('rejects only with a reason, and sends it', async () => {
    const postAction = renderButtons(PROPOSAL);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Comet Drifter?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: ' Already in the catalogue ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(postAction).toHaveBeenCalledWith('/product-proposals/p1/reject', {
        reason: 'Already in the catalogue',
      }),
    );
  });

  it('shows no decision once the proposal is decided', () => {
    renderButtons({ ...PROPOSAL, status: 'rejected', reason: 'Duplicate' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
