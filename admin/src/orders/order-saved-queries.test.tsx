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
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import orders from './index.ts';
import { APPROVED_ORDER, REVIEW_ORDER } from './test-orders.ts';

const ALL: AdminOrder[] = [APPROVED_ORDER, REVIEW_ORDER];

afterEach(cleanup);

describe('order list saved searches', () => {
  it('saves the current filter under a name and applies it again from the sidebar', async () => {
    const dataProvider = testDataProvider({
      getList: async <R extends RaRecord>(_resource: string, { filter }: GetListParams) => {
        const data = ALL.filter((order) => !filter?.status || order.status === filter.status);
        return { data: data as unknown as R[], total: data.length };
      },
    });
    const getList = vi.spyOn(dataProvider, 'getList');
    render(
      <TestMemoryRouter initialEntries={['/orders']}>
        <Admin
          dataProvider={dataProvider}
          i18nProvider={createI18nProvider(en, italian)}
          store={memoryStore()}
          disableTelemetry
        >
          <Resource name="orders" {...orders} />
        </Admin>
      </TestMemoryRouter>,
    );
    await screen.findByText(APPROVED_ORDER.number);

    fireEvent.click(screen.getByRole('tab', { name: 'In review' }));
    await waitFor(() => expect(screen.queryByText(APPROVED_ORDER.number)).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Save current query...' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Query name'), {
      target: { value: 'To review' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Back to every order, then the saved search brings the filter back.
    fireEvent.click(await screen.findByRole('tab', { name: 'All' }));
    await screen.findByText(APPROVED_ORDER.number);
    fireEvent.click(await screen.findByText('To review'));
    await waitFor(() => expect(screen.queryByText(APPROVED_ORDER.number)).toBeNull());
    expect(screen.getByText(REVIEW_ORDER.number)).toBeTruthy();
    expect(getList).toHaveBeenLastCalledWith(
      'orders',
      expect.objectContaining({ filter: expect.objectContaining({ status: 'review' }) }),
    );
  }, 20_000);
});
