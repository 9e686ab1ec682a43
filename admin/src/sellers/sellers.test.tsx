import { createI18nProvider } from '@market/console-kit';
import type { Seller } from '@market/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ADA } from '../users/test-users.ts';
import users from '../users/index.ts';
import { PENDING_SELLER } from './test-sellers.ts';
import sellers from './index.ts';

const SUSPENDED: Seller = {
  ...PENDING_SELLER,
  id: 'cheap-codes-000001',
  uid: ADA.id,
  name: 'Cheap Codes',
  status: 'suspended',
  statusReason: 'Keys reported as resold',
  decidedAt: '2026-03-05T10:00:00.000Z',
};
const ALL = [PENDING_SELLER, SUSPENDED];

function sellersDataProvider() {
  return testDataProvider({
    getList: async <R extends RaRecord>(_resource: string, { filter }: GetListParams) => {
      const data = ALL.filter((seller) => !filter?.status || seller.status === filter.status);
      return { data: data as unknown as R[], total: data.length };
    },
    getOne: async <R extends RaRecord>(_resource: string, { id }: { id: unknown }) => ({
      data: ALL.find((seller) => seller.id === id) as unknown as R,
    }),
    getMany: async <R extends RaRecord>() => ({ data: [ADA] as unknown as R[] }),
  });
}

function renderAdminAt(path: string, dataProvider = sellersDataProvider()) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="sellers" {...sellers} />
        <Resource name="users" {...users} />
      </Admin>
    </TestMemoryRouter>,
  );
  return dataProvider;
}

afterEach(cleanup);

describe('sellers resource', () => {
  it('lists every seller by default, with a status chip and status tabs', async () => {
    renderAdminAt('/sellers');
    expect(await screen.findByText('Cheap Codes')).toBeTruthy();
    expect(screen.getByText('Pixel Keys')).toBeTruthy();
    const [, ...rows] = screen.getAllByRole('row');
    // Cell 0 is the row's selection checkbox (bulk decisions).
    expect(rows.map((row) => within(row).getAllByRole('cell')[5]?.textContent)).toEqual([
      'Pending',
      'Suspended',
    ]);
    for (const tab of ['All', 'Pending', 'Approved', 'Rejected', 'Suspended']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters by status from its tab', async () => {
    const dataProvider = sellersDataProvider();
    const getList = vi.spyOn(dataProvider, 'getList');
    renderAdminAt('/sellers', dataProvider);
    await screen.findByText('Cheap Codes');
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByText('Cheap Codes')).toBeNull());
    expect(getList).toHaveBeenLastCalledWith(
      'sellers',
      expect.objectContaining({ filter: { status: 'pending' } }),
    );
    expect(screen.getByText('Pixel Keys')).toBeTruthy();
  });

  it('shows a seller with its reason, its account and only the decisions allowed', async () => {
    renderAdminAt('/sellers/cheap-codes-000001/show');
    expect(await screen.findByText('Seller Cheap Codes')).toBeTruthy();
    expect(screen.getByText('Keys reported as resold')).toBeTruthy();
    expect(screen.getByText('IT01234567890')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'ada@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });
});
