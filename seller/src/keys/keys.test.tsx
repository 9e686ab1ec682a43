import { renderInConsole } from '@market/console-kit/testing';
import { IMAGE_KEY_MASK, type MaskedKey, type SellerOffer } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Notification,
  ResourceContextProvider,
  testDataProvider,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { KeyList } from './KeyList.tsx';

const OFFER: SellerOffer = {
  id: '0123456789abcdef01234568',
  productId: '0123456789abcdef01234569',
  productName: 'Space Miner',
  prices: { eur: 1999, usd: 2159, gbp: 1719 },
  stock: 1,
  zeroVat: false,
  region: 'Global',
  status: 'active',
  source: { kind: 'upload' },
  createdAt: '2026-03-01T10:00:00.000Z',
};

const key = (id: string, status: MaskedKey['status'], tail: string): MaskedKey => ({
  id,
  offerId: OFFER.id,
  productId: OFFER.productId,
  productName: OFFER.productName,
  sellerId: 'pixel-keys',
  status,
  createdAt: '2026-03-02T10:00:00.000Z',
  masked: `•••• •••• •••• ${tail}`,
});

const KEYS = [
  key('key-1', 'available', 'AB12'),
  key('key-2', 'sold', 'CD34'),
  { ...key('key-3', 'available', ''), masked: IMAGE_KEY_MASK },
];

function renderList(
  postAction: (path: string, body?: unknown) => Promise<unknown> = vi.fn(async () => KEYS[0]),
) {
  const dataProvider = testDataProvider({
    getList: async (resource: string) => {
      const data = (resource === 'keys' ? KEYS : [OFFER]) as unknown as RaRecord[];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [OFFER] as never[] }),
    postAction,
  });
  renderInConsole(
    <ResourceContextProvider value="keys">
      <KeyList />
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider },
  );
  return postAction;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('seller KeyList', () => {
  it('shows keys masked with their status; only an available key can be revoked', async () => {
    renderList();
    const available = (await screen.findByText('•••• •••• •••• AB12')).closest('tr')!;
    const sold = screen.getByText('•••• •••• •••• CD34').closest('tr')!;
    expect(within(available).getByText('Available')).toBeTruthy();
    expect(within(available).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(within(sold).getByText('Sold')).toBeTruthy();
    expect(within(sold).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('says an image code is one, in the console’s language', async () => {
    renderList();
    expect(await screen.findByText('Image code (scanned card)')).toBeTruthy();
    expect(screen.queryByText(IMAGE_KEY_MASK)).toBeNull();
  });

  it('revokes after confirmation, with the optional reason', async () => {
    const postAction = renderList();
    const row = (await screen.findByText('•••• •••• •••• AB12')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke key •••• •••• •••• AB12?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: ' Sold elsewhere ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(postAction).toHaveBeenCalledWith('/keys/key-1/revoke', { reason: 'Sold elsewhere' }),
    );
    expect(await screen.findByText('Key revoked')).toBeTruthy();
  }, 15_000);

  it('revokes the selected keys one by one and counts those that could not be', async () => {
    // key-2 was sold meanwhile: the API refuses it alone.
    const postAction = vi.fn(async (path: string) => {
      if (path.includes('key-2')) throw Object.assign(new Error('Conflict'), { status: 409 });
      return KEYS[0];
    });
    renderList(postAction);
    await screen.findByText('•••• •••• •••• AB12');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke 3 keys?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(postAction).toHaveBeenCalledTimes(3));
    expect(postAction.mock.calls.map(([path]) => path)).toEqual([
      '/keys/key-1/revoke',
      '/keys/key-2/revoke',
      '/keys/key-3/revoke',
    ]);
    expect(await screen.findByText('2 done, 1 failed')).toBeTruthy();
  }, 15_000);
});
