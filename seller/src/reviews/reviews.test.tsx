import { renderInConsole } from '@market/console-kit/testing';
import type { SellerReview } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ReviewList } from './ReviewList.tsx';

const REVIEW: SellerReview = {
  id: 'r1',
  productId: 'p1',
  productName: 'Space Miner',
  authorName: 'Maria R.',
  rating: 4,
  text: 'Worked at once',
  reply: null,
  createdAt: '2026-03-02T09:30:00.000Z',
};

afterEach(cleanup);

describe('seller ReviewList', () => {
  it('shows each approved review with its reply, or that there is none yet', async () => {
    const replied: SellerReview = {
      ...REVIEW,
      id: 'r2',
      productName: 'Star Pilot',
      reply: { text: 'Thanks, Maria!', createdAt: '2026-03-03T09:30:00.000Z' },
    };
    const getList = vi.fn(async () => ({ data: [REVIEW, replied] as never[], total: 2 }));
    renderInConsole(
      <ResourceContextProvider value="reviews">
        <ReviewList />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: testDataProvider({ getList }) },
    );
    const row = (await screen.findByText('Space Miner')).closest('tr')!;
    for (const text of ['Worked at once', 'Maria R.', 'No reply yet']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const other = screen.getByText('Star Pilot').closest('tr')!;
    expect(within(other).getByText('Thanks, Maria!')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      'reviews',
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }),
    );
  });
});
