import { renderInConsole } from '@market/console-kit/testing';
import type { SellerCatalogueProduct } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { CatalogueList } from './CatalogueList.tsx';

const product = (id: string, name: string, myOfferId: string | null): SellerCatalogueProduct => ({
  id,
  name,
  categoryId: 'games',
  platform: 'steam',
  region: 'Global',
  type: 'key',
  prices: { eur: myOfferId ? { min: 1250, max: 1999 } : null, usd: null, gbp: null },
  myOfferId,
});

const CATALOGUE = [
  product('0123456789abcdef01234567', 'Space Miner', null),
  product('89abcdef0123456789abcdef', 'Sea Captain', 'offer-7'),
];

function renderList(locale: 'en' | 'it' = 'en') {
  renderInConsole(
    <ResourceContextProvider value="products">
      <CatalogueList />
    </ResourceContextProvider>,
    {
      messages: { en, it: italian },
      locale,
      dataProvider: testDataProvider({
        getList: async () => ({ data: CATALOGUE as never[], total: CATALOGUE.length }),
      }),
    },
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CatalogueList', () => {
  it('links Sell to the offer form prefilled with the product', async () => {
    renderList();
    const row = await rowOf('Space Miner');
    const sell = within(row).getByRole('link', { name: 'Sell' });
    expect(sell.getAttribute('href')).toMatch(
      /\/offers\/create\?productId=0123456789abcdef01234567$/,
    );
    expect(within(row).getByText('No offers yet')).toBeTruthy();
  });

  it('offers "Edit my offer" instead when the seller already sells the product', async () => {
    renderList();
    const row = await rowOf('Sea Captain');
    expect(within(row).queryByRole('link', { name: 'Sell' })).toBeNull();
    const edit = within(row).getByRole('link', { name: 'Edit my offer' });
    expect(edit.getAttribute('href')).toMatch(/\/offers\/offer-7$/);
    expect(within(row).getByText('€12.50')).toBeTruthy();
  });

  it('speaks Italian', async () => {
    renderList('it');
    const row = await rowOf('Space Miner');
    expect(within(row).getByRole('link', { name: 'Vendi' })).toBeTruthy();
    expect(within(row).getByText('Giochi')).toBeTruthy();
  });
});
