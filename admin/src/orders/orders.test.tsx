import { createI18nProvider } from '@market/console-kit';
import type { AdminOrder } from '@market/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type GetListParams,
  type GetManyReferenceParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import refunds from '../refunds/index.ts';
import { PENDING_SELLER } from '../sellers/test-sellers.ts';
import sellers from '../sellers/index.ts';
import orders, { reviewQueue } from './index.ts';
import { APPROVED_ORDER, LINE_REFUND, REVIEW_ORDER } from './test-orders.ts';

const ALL: AdminOrder[] = [APPROVED_ORDER, REVIEW_ORDER];

const asRecords = <R extends RaRecord>(rows: unknown[]) => rows as R[];

function ordersDataProvider() {
  return testDataProvider({
    getList: async <R extends RaRecord>(_resource: string, { filter }: GetListParams) => {
      const data = ALL.filter((order) => !filter?.status || order.status === filter.status);
      return { data: asRecords<R>(data), total: data.length };
    },
    getOne: async <R extends RaRecord>(_resource: string, { id }: { id: unknown }) => ({
      data: ALL.find((order) => order.id === id) as unknown as R,
    }),
    getMany: async <R extends RaRecord>() => ({ data: asRecords<R>([PENDING_SELLER]) }),
    getManyReference: async <R extends RaRecord>(
      _resource: string,
      { id }: GetManyReferenceParams,
    ) => {
      const data = [LINE_REFUND].filter((refund) => refund.orderId === id);
      return { data: asRecords<R>(data), total: data.length };
    },
  });
}

function renderAdminAt(path: string, dataProvider = ordersDataProvider()) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="orders" {...orders} />
        <Resource name="review-queue" {...reviewQueue} />
        <Resource name="refunds" {...refunds} />
        <Resource name="sellers" {...sellers} />
      </Admin>
    </TestMemoryRouter>,
  );
  return dataProvider;
}

afterEach(cleanup);

describe('orders resource', () => {
  it('lists orders with buyer, status chip, total and payment, and a tab per status', async () => {
    renderAdminAt('/orders');
    const row = (await screen.findByText('000042')).closest('tr')!;
    for (const text of ['ada@example.com', 'In review', '€35.98', 'PayPal']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    for (const tab of ['All', 'Awaiting payment', 'In review', 'Approved', 'Fraud']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    expect(screen.getByLabelText('Placed from')).toBeTruthy();
    expect(screen.getByLabelText('Placed until')).toBeTruthy();
  }, 15_000);

  it('offers to sort by date only, the one order the server keeps', async () => {
    renderAdminAt('/orders');
    await screen.findByText('000042');
    // A sortable column's header is a sort label; the others are plain titles.
    const sortable = document.querySelectorAll('thead .MuiTableSortLabel-root');
    expect([...sortable].map((el) => el.textContent)).toEqual(['Placed']);
  }, 15_000);

  it('filters by status from its tab', async () => {
    const dataProvider = ordersDataProvider();
    const getList = vi.spyOn(dataProvider, 'getList');
    renderAdminAt('/orders', dataProvider);
    await screen.findByText('000043');
    fireEvent.click(screen.getByRole('tab', { name: 'In review' }));
    await waitFor(() => expect(screen.queryByText('000043')).toBeNull());
    expect(getList).toHaveBeenLastCalledWith(
      'orders',
      expect.objectContaining({ filter: { status: 'review' } }),
    );
  }, 15_000);

  it('has a review queue in the menu: held orders, longest waiting first', async () => {
    const dataProvider = ordersDataProvider();
    const getList = vi.spyOn(dataProvider, 'getList');
    renderAdminAt('/review-queue', dataProvider);
    expect(await screen.findByText('000042')).toBeTruthy();
    expect(screen.queryByText('000043')).toBeNull();
    expect(screen.getAllByText('Review queue').length).toBeGreaterThan(0);
    expect(getList).toHaveBeenCalledWith(
      'orders',
      expect.objectContaining({
        filter: { status: 'review' },
        sort: { field: 'createdAt', order: 'ASC' },
      }),
    );
  }, 15_000);

  it('shows an order held for review: lines, totals, payment, decisions and attribution', async () => {
    renderAdminAt(`/orders/${REVIEW_ORDER.id}/show`);
    expect(await screen.findByText('Order 000042')).toBeTruthy();
    const line = (await screen.findByText('Space Miner')).closest('tr')!;
    expect(within(line).getByText('€19.99')).toBeTruthy();
    expect(await within(line).findByRole('link', { name: 'Pixel Keys' })).toBeTruthy();
    // The buyer confirmed a key that does not activate in their country (docs/regions.md).
    expect(
      within(line).getByText(/^Does not activate in IT: confirmed by the buyer on /),
    ).toBeTruthy();
    for (const text of ['€39.98', '€4.00', '€6.49', 'PP-7XK2', 'CAP-991', 'Captured']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Held for manual review: amount')).toBeTruthy();
    expect(screen.getByText('System')).toBeTruthy();
    expect(screen.getByText('1234_abcd')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toBeTruthy();
    expect(screen.getByText('No refunds')).toBeTruthy();
    // Review: every admin decision; not approved, so nothing to refund yet.
    for (const name of ['Approve', 'Decline', 'Decline as fraud', 'Cancel order']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund line' })).toBeNull();
    const keys = screen.getByRole('link', { name: 'Keys' });
    expect(decodeURIComponent(keys.getAttribute('href')!)).toContain(
      `filter={"orderId":"${REVIEW_ORDER.id}"}`,
    );
  }, 15_000);

  it('offers an approved order no decision, but refunds per line, and lists its refunds', async () => {
    renderAdminAt(`/orders/${APPROVED_ORDER.id}/show`);
    expect(await screen.findByText('Order 000043')).toBeTruthy();
    expect(await screen.findByText('Ticket 881: keys did not work')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Approved by Admin, manual review')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund line' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh payment' })).toBeTruthy();
    for (const name of ['Approve', 'Decline', 'Cancel order']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  }, 15_000);
});
