import { renderInConsole } from '@market/console-kit/testing';
import type { AdminReview } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ReviewModerationButtons } from './ReviewModerationButtons.tsx';

const REVIEW: AdminReview = {
  id: 'r1',
  productId: 'p1',
  productName: 'Comet Drifter',
  authorName: 'Maria R.',
  rating: 4,
  text: 'Worked at once',
  reply: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  orderId: 'o1',
  itemId: 'i1',
  userId: 'u1',
  sellerId: 'shop-1',
  sellerName: 'Pixel Keys',
  status: 'pending',
  hiddenReason: null,
  moderatedAt: null,
};

type PostAction = (path: string, body?: unknown) => Promise<unknown>;

function renderButtons(review: AdminReview, postAction = vi.fn<PostAction>(async () => review)) {
  renderInConsole(
    <RecordContextProvider value={review}>
      <ReviewModerationButtons />
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

describe('ReviewModerationButtons', () => {
  it('publishes a pending review after confirmation', async () => {
    const postAction = renderButtons(REVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Publish this review of Comet Drifter?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(postAction).toHaveBeenCalledWith('/reviews/r1/approve', {}));
    expect(await screen.findByText('Review published')).toBeTruthy();
  });

  it('hides only with a reason, and sends it', async () => {
    const postAction = renderButtons(REVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Hide this review of Comet Drifter?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' Spam ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(postAction).toHaveBeenCalledWith('/reviews/r1/hide', { reason: 'Spam' }),
    );
  });

  it('offers only the moves the status allows', () => {
    renderButtons({ ...REVIEW, status: 'approved' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeTruthy();
  });
});
