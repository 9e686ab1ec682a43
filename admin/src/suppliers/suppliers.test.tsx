import { renderInConsole } from '@market/console-kit/testing';
import type { AdminSupplier } from '@market/shared';
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
import { SupplierEdit } from './SupplierEdit.tsx';
import { SupplierList } from './SupplierList.tsx';

const WOCK_OFF: AdminSupplier = {
  id: 'wock',
  name: 'Wock',
  enabled: false,
  connections: 3,
  purchases24h: 8,
  errorRate: 0.25,
  breakers: { open: 1, halfOpen: 0 },
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: 'admin@example.com',
};
const CWS_ON: AdminSupplier = {
  id: 'codeswholesale',
  name: 'CodesWholesale',
  enabled: true,
  connections: 0,
  purchases24h: 0,
  errorRate: null,
  breakers: { open: 0, halfOpen: 0 },
  updatedAt: null,
  updatedBy: null,
};

afterEach(cleanup);

describe('admin suppliers', () => {
  it('lists each supplier with whether it is on, who switched it, how many sellers connected and its health', async () => {
    renderInConsole(
      <ResourceContextProvider value="suppliers">
        <SupplierList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [WOCK_OFF, CWS_ON] as never[], total: 2 }),
        }),
      },
    );
    const wock = (await screen.findByText('Wock')).closest('tr')!;
    expect(within(wock).getByText('admin@example.com')).toBeTruthy();
    expect(within(wock).getByText('3')).toBeTruthy();
    expect(within(wock).getByLabelText('No')).toBeTruthy();
    // Its health: a quarter of the day's 8 purchases failed, one seller's breaker is open.
    expect(within(wock).getByText('25 %')).toBeTruthy();
    expect(within(wock).getByText('1 open, 0 half-open')).toBeTruthy();
    const cws = screen.getByText('CodesWholesale').closest('tr')!;
    expect(within(cws).getByLabelText('Yes')).toBeTruthy();
    expect(within(cws).getByText('All closed')).toBeTruthy();
  });

  it('switches a supplier back on', async () => {
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
      data: { ...WOCK_OFF, ...params.data } as RaRecord,
    }));
    renderInConsole(
      <ResourceContextProvider value="suppliers">
        <SupplierEdit id="wock" />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getOne: async () => ({ data: WOCK_OFF as never }),
          update: update as never,
        }),
      },
    );
    fireEvent.click(await screen.findByLabelText('On'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 'wock' });
    expect(update.mock.calls[0]![1].data).toEqual({ enabled: true });
  });
});
