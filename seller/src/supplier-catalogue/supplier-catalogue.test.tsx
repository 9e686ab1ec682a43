import { renderInConsole } from '@market/console-kit/testing';
import type {
  SellerSupplierConnection,
  SellerSupplierProduct,
  SupplierImport,
} from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Notification,
  ResourceContextProvider,
  testDataProvider,
  type GetListParams,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SupplierCatalogueList } from './SupplierCatalogueList.tsx';

const CONNECTION: SellerSupplierConnection = {
  id: 'conn-1',
  supplier: 'wock',
  label: 'Main account',
  credentialsHint: '…1b8d',
  status: 'ok',
  lastCheck: null,
  breaker: 'closed',
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const product = (over: Partial<SellerSupplierProduct>): SellerSupplierProduct => ({
  id: 'sp-1',
  supplier: 'wock',
  sku: 'WOC-00001',
  name: 'Iron Frontier',
  platform: 'ubisoft-connect',
  supplierPlatform: 'Ubisoft',
  region: 'Global',
  supplierRegions: ['WORLDWIDE'],
  quantity: 42,
  cost: { cents: 1299, currency: 'eur' },
  imageUrl: null,
  preOrder: false,
  seenAt: '2026-03-01T10:00:00.000Z',
  mapping: null,
  proposalId: null,
  suggestions: [
    {
      productId: 'p-iron',
      name: 'Iron Frontier',
      platform: 'ubisoft-connect',
      region: 'Global',
      score: 1,
    },
  ],
  ...over,
});

const CATALOGUE = [
  product({}),
  product({ id: 'sp-2', sku: 'WOC-00299', name: 'Starfall Odyssey 1', suggestions: [] }),
];

const progress = (over: Partial<SupplierImport>): SupplierImport => ({
  id: 'imp-1',
  connectionId: 'conn-1',
  supplier: 'wock',
  status: 'running',
  done: 150,
  total: 300,
  estimated: true,
  pages: 2,
  error: null,
  startedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:01.000Z',
  finishedAt: null,
  ...over,
});

/** A data provider answering each resource the page reads; `imports` answers successive polls. */
function provider(options: {
  connections?: SellerSupplierConnection[];
  catalogue?: SellerSupplierProduct[];
  imports?: SupplierImport[];
}) {
  const imports = [...(options.imports ?? [])];
  const lists: Record<string, () => RaRecord[]> = {
    'supplier-connections': () => options.connections ?? [CONNECTION],
    'supplier-products': () => options.catalogue ?? CATALOGUE,
    // The latest import, one poll after another (the last one stays).
    'supplier-imports': () => (imports.length > 1 ? [imports.shift()!] : imports),
  };
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    const data = lists[resource]?.() ?? [];
    return { data: data as never[], total: data.length };
  });
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...CATALOGUE[0], ...params.data } as never,
  }));
  const create = vi.fn(async () => ({ data: progress({ done: 0 }) as never }));
  const proposeSupplierProduct = vi.fn(async () => ({ id: 'prop-1' }));
  return {
    getList,
    update,
    create,
    proposeSupplierProduct,
    dataProvider: testDataProvider({ getList, update, create, proposeSupplierProduct } as never),
  };
}

function render(dataProvider: ReturnType<typeof testDataProvider>, locale: 'en' | 'it' = 'en') {
  renderInConsole(
    <ResourceContextProvider value="supplier-products">
      <SupplierCatalogueList />
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider, locale },
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SupplierCatalogueList', () => {
  it('shows cost, stock and the suggestion, and confirms it in one click', async () => {
    const { dataProvider, getList, update } = provider({});
    render(dataProvider);
    const row = await rowOf('WOC-00001');
    expect(within(row).getByText('€12.99')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    // Wock's spelling under the marketplace platform it maps to.
    expect(within(row).getByText('Ubisoft Connect')).toBeTruthy();
    expect(within(row).getByText('Ubisoft')).toBeTruthy();
    expect(within(row).getByText('Ubisoft Connect · Global · 100% match')).toBeTruthy();
    // Every catalogue query names the connection.
    const listed = getList.mock.calls.find(([resource]) => resource === 'supplier-products');
    expect(listed?.[1].filter).toMatchObject({ connectionId: 'conn-1' });

    fireEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 'sp-1', data: { productId: 'p-iron' } });
    expect(await screen.findByText('Mapping saved')).toBeTruthy();

    const unmatched = await rowOf('WOC-00299');
    expect(within(unmatched).getByText('No match in the catalogue')).toBeTruthy();
    expect(within(unmatched).getByRole('button', { name: 'Propose as new product' })).toBeTruthy();
  });

  it('imports the catalogue with a determinate progress bar until it is done', async () => {
    const { dataProvider, create } = provider({
      imports: [
        progress({ status: 'done', done: 300, total: 300, finishedAt: '2026-03-01T09:00:00.000Z' }),
        progress({ done: 150 }),
        progress({ status: 'done', done: 300, total: 300, finishedAt: '2026-03-01T10:00:05.000Z' }),
      ],
    });
    render(dataProvider);
    expect(await screen.findByText(/Last import: 300 products/)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Import catalogue' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]).toEqual([
      'supplier-imports',
      expect.objectContaining({ data: { connectionId: 'conn-1' } }),
    ]);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('150 of 300 products')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import catalogue' })).toHaveProperty(
      'disabled',
      true,
    );

    // The next poll finds it done.
    expect(
      await screen.findByText('Catalogue imported: 300 products', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
  });

  it('offers the import of a catalogue never imported (the list is still empty)', async () => {
    const { dataProvider, create } = provider({ catalogue: [] });
    render(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Import catalogue' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
  });

  it('proposes an unmatched product with the platform and region its spelling maps to', async () => {
    const { dataProvider, proposeSupplierProduct } = provider({});
    render(dataProvider);
    const row = await rowOf('WOC-00299');
    fireEvent.click(within(row).getByRole('button', { name: 'Propose as new product' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Propose Starfall Odyssey 1 as a new product')).toBeTruthy();
    const brand = within(dialog).getByLabelText(/Brand/);
    fireEvent.change(brand, { target: { value: 'Copperfox' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose as new product' }));
    await waitFor(() => expect(proposeSupplierProduct).toHaveBeenCalled());
    expect(proposeSupplierProduct.mock.calls[0]).toEqual([
      'sp-2',
      {
        categoryId: 'games',
        brand: 'Copperfox',
        type: 'key',
        platform: 'ubisoft-connect',
        region: 'Global',
        note: '',
        denomination: null,
      },
    ]);
    expect(await screen.findByText('Product proposed: an admin will review it')).toBeTruthy();
  });

  it('sends a seller without a connection to connect one first', async () => {
    const { dataProvider, getList } = provider({ connections: [] });
    render(dataProvider);
    expect(
      await screen.findByText('Connect your account at a supplier to browse its catalogue.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a supplier' })).toBeTruthy();
    expect(getList.mock.calls.map(([resource]) => resource)).not.toContain('supplier-products');
  });

  it('speaks Italian', async () => {
    const { dataProvider } = provider({});
    render(dataProvider, 'it');
    const row = await rowOf('WOC-00001');
    expect(within(row).getByRole('button', { name: 'Conferma' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Abbina a…' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Importa catalogo' })).toBeTruthy();
  });
});
