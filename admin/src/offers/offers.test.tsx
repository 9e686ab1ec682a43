import { renderInConsole } from '@market/console-kit/testing';
import type { AdminOffer } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { OfferList } from './OfferList.tsx';

const OFFER: AdminOffer = {
  id: '0123456789abcdef01234568',
  productId: '0123456789abcdef01234569',
  productName: 'Space Miner',
  sellerId: 'pixel-keys',
  sellerName: 'Pixel Keys',
  prices: { eur: 1999, usd: 2159, gbp: 1719 },
  convertedCurrencies: ['usd', 'gbp'],
  stock: 3,
  zeroVat: false,
  region: 'Global',
  status: 'hidden',
  source: { kind: 'upload' },
  createdAt: '2026-03-01T10:00:00.000Z',
  keyCounts: { available: 3, reserved: 0, sold: 2, refunded: 0, revoked: 1 },
};

afterEach(cleanup);

describe('admin OfferList', () => {
  it('shows seller, product, prices, stock, keys per status and a link to the keys', async () => {
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [OFFER] as never[], total: 1 }),
        }),
      },
    );
    const row = (await screen.findByText('Space Miner')).closest('tr')!;
    for (const text of ['Pixel Keys', '€19.99', '$21.59', '£17.19', 'Hidden']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByText('Available 3')).toBeTruthy();
    expect(within(row).getByText('Sold 2')).toBeTruthy();
    expect(within(row).getByText('Revoked 1')).toBeTruthy();
    expect(within(row).queryByText(/Reserved/)).toBeNull();
    const keys = within(row).getByRole('link', { name: 'Keys' });
    expect(decodeURIComponent(keys.getAttribute('href')!)).toContain(
      `filter={"offerId":"${OFFER.id}"}`,
    );
  }, 15_000);

  it('hides the selected offers, each through its own update, and says how many', async () => {
    const second = { ...OFFER, id: '0123456789abcdef01234570', productName: 'Star Racer' };
    const update = vi.fn(async (_resource: string, { id }: { id: unknown; data: unknown }) => ({
      data: { ...OFFER, id, status: 'hidden' },
    }));
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferList />
        <Notification />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [OFFER, second] as never[], total: 2 }),
          update: update as never,
        }),
      },
    );
    await screen.findByText('Star Racer');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hide selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide 2 offers?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls.map(([resource, { id, data }]) => [resource, id, data])).toEqual([
      ['offers', OFFER.id, { status: 'hidden' }],
      ['offers', second.id, { status: 'hidden' }],
    ]);
    expect(await screen.findByText('2 done, 0 failed')).toBeTruthy();
  }, 15_000);
});
