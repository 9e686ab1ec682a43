import { renderInConsole } from '@market/console-kit/testing';
import type { SellerOffer } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ResourceContextProvider,
  testDataProvider,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { OfferEdit } from './OfferEdit.tsx';
import { OfferList } from './OfferList.tsx';

const OFFER: SellerOffer = {
  id: 'offer-1',
  productId: '0123456789abcdef01234567',
  productName: 'Space Miner',
  prices: { eur: 1999, usd: 2199, gbp: 1699 },
  stock: 12,
  zeroVat: false,
  region: 'Global',
  status: 'paused',
  source: { kind: 'upload' },
  createdAt: '2026-01-02T10:00:00.000Z',
};

const SUPPLIER_OFFER: SellerOffer = {
  id: 'offer-2',
  productId: '89abcdef0123456789abcdef',
  productName: 'Sea Captain',
  prices: { eur: 1450, usd: 1566, gbp: 1247 },
  stock: 5,
  zeroVat: false,
  region: 'Global',
  status: 'paused',
  source: {
    kind: 'supplier',
    supplier: 'wock',
    connectionId: 'conn-1',
    sku: 'WOC-00007',
    mode: 'onDemand',
    stockCap: 5,
    costCeiling: 1500,
    pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
    cost: { cents: 1000, currency: 'eur' },
    supplierQuantity: 0,
    syncedAt: '2026-01-02T10:00:00.000Z',
    pausedBySync: 'outOfStock',
  },
  createdAt: '2026-01-02T11:00:00.000Z',
};

function offersDataProvider(
  one: SellerOffer = OFFER,
  update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...one, ...params.data } as RaRecord,
  })),
) {
  return {
    update,
    dataProvider: testDataProvider({
      getList: async (resource) =>
        resource === 'supplier-connections'
          ? { data: [{ id: 'conn-1', label: 'Main', supplier: 'wock' }] as never[], total: 1 }
          : { data: [OFFER, SUPPLIER_OFFER] as never[], total: 2 },
      getMany: async () => ({
        data: [{ id: 'conn-1', label: 'Main', supplier: 'wock' }] as never[],
      }),
      getOne: async () => ({ data: one as never }),
      update: update as never,
    }),
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfferList', () => {
  it('shows each offer with its prices from cents, stock and status', async () => {
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferList />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: offersDataProvider().dataProvider },
    );
    const row = (await screen.findByText('Space Miner')).closest('tr')!;
    expect(within(row).getByText('€19.99')).toBeTruthy();
    expect(within(row).getByText('$21.99')).toBeTruthy();
    expect(within(row).getByText('£16.99')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('Paused')).toBeTruthy();
    for (const header of ['Product', 'Price (EUR)', 'Keys in stock', 'Status', 'Zero VAT']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(within(row).getByText('My keys')).toBeTruthy();
  });

  it('shows a supplier’s offer with its supplier, mode, cost and margin', async () => {
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferList />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: offersDataProvider().dataProvider },
    );
    const row = (await screen.findByText('Sea Captain')).closest('tr')!;
    expect(within(row).getByText('Wock · On demand')).toBeTruthy();
    expect(within(row).getByText('€10.00')).toBeTruthy();
    expect(within(row).getByText('40 % + €0.50')).toBeTruthy();
    for (const header of ['Keys from', 'Supplier cost', 'Margin']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });
});

describe('OfferEdit', () => {
  it('edits prices in currency units and saves cents, leaving an emptied price out', async () => {
    const { update, dataProvider } = offersDataProvider();
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferEdit id="offer-1" />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider },
    );
    const eur = await screen.findByLabelText('Price (EUR) *');
    await waitFor(() => expect((eur as HTMLInputElement).value).toBe('19.99'));
    fireEvent.focus(eur);
    fireEvent.change(eur, { target: { value: '24.5' } });
    fireEvent.blur(eur);
    const usd = screen.getByLabelText('Price (USD)');
    fireEvent.focus(usd);
    fireEvent.change(usd, { target: { value: '' } });
    fireEvent.blur(usd);
    expect(screen.getByRole('heading', { name: 'Upload keys' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      prices: { eur: 2450, gbp: 1699 },
      source: { kind: 'upload' },
      zeroVat: false,
      region: 'Global',
      status: 'paused',
    });
  }, 15_000);

  it('edits a supplier’s offer by its rule, says why the sync paused it, and has no key upload', async () => {
    const { update, dataProvider } = offersDataProvider(SUPPLIER_OFFER);
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferEdit id="offer-2" />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider },
    );
    expect(await screen.findByText(/The supplier is out of stock/)).toBeTruthy();
    const margin = await screen.findByLabelText('Margin (%) *');
    await waitFor(() => expect((margin as HTMLInputElement).value).toBe('40'));
    fireEvent.change(margin, { target: { value: '25' } });
    expect(screen.queryByLabelText('Price (EUR) *')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Upload keys' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      source: {
        kind: 'supplier',
        connectionId: 'conn-1',
        sku: 'WOC-00007',
        mode: 'onDemand',
        stockCap: 5,
        costCeiling: 1500,
        pricing: { marginPercent: 25, marginFixedCents: 50, rounding: 'none' },
      },
      zeroVat: false,
      region: 'Global',
      status: 'paused',
    });
  }, 15_000);

  it('shows where the keys activate and saves the region the seller picks', async () => {
    const { update, dataProvider } = offersDataProvider();
    renderInConsole(
      <ResourceContextProvider value="offers">
        <OfferEdit id="offer-1" />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider },
    );
    const region = await screen.findByRole('combobox', { name: 'Activates in' });
    await waitFor(() => expect(region.textContent).toBe('Global: every country'));
    fireEvent.mouseDown(region);
    fireEvent.click(
      await screen.findByRole('option', { name: 'ROW: the rest of the world (not Europe)' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toMatchObject({ region: 'ROW' });
  }, 15_000);
});
