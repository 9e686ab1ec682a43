import { renderInConsole } from '@market/console-kit/testing';
import type { BlocklistEntry } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ResourceContextProvider,
  testDataProvider,
  type CreateParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { BlocklistCreate } from './BlocklistCreate.tsx';
import { BlocklistList } from './BlocklistList.tsx';

const BY_CHARGEBACK: BlocklistEntry = {
  id: '0123456789abcdef01230001',
  kind: 'instrument',
  value: 'paypal:ABCDEF1234567',
  reason: 'Chargeback of order 100042 (PAYMENT.CAPTURE.REVERSED)',
  addedBy: { actor: 'System', uid: null, email: null },
  createdAt: '2026-03-01T10:00:00.000Z',
};
const BY_ADMIN: BlocklistEntry = {
  id: '0123456789abcdef01230002',
  kind: 'email',
  value: 'fraud@example.com',
  reason: 'Card testing',
  addedBy: { actor: 'Admin', uid: 'admin-uid', email: 'admin@example.com' },
  createdAt: '2026-03-02T10:00:00.000Z',
};

afterEach(cleanup);

describe('admin blocklist', () => {
  it('shows each entry with its kind, reason and who added it', async () => {
    renderInConsole(
      <ResourceContextProvider value="blocklist">
        <BlocklistList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [BY_CHARGEBACK, BY_ADMIN] as never[], total: 2 }),
        }),
      },
    );
    const system = (await screen.findByText(BY_CHARGEBACK.value)).closest('tr')!;
    expect(within(system).getByText('Payment instrument')).toBeTruthy();
    expect(within(system).getByText('System (chargeback)')).toBeTruthy();
    expect(within(system).getByText(BY_CHARGEBACK.reason!)).toBeTruthy();
    const admin = screen.getByText(BY_ADMIN.value).closest('tr')!;
    expect(within(admin).getByText('admin@example.com')).toBeTruthy();
    expect(within(admin).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('adds an entry with its kind, value and reason', async () => {
    const create = vi.fn(async (_resource: string, params: CreateParams) => ({
      data: { ...params.data, id: 'new' } as RaRecord,
    }));
    renderInConsole(
      <ResourceContextProvider value="blocklist">
        <BlocklistCreate />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          create: create as never,
          getList: async () => ({ data: [], total: 0 }),
        }),
      },
    );
    fireEvent.change(await screen.findByLabelText('Value'), {
      target: { value: 'fraud@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Card testing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({
      kind: 'email',
      value: 'fraud@example.com',
      reason: 'Card testing',
    });
  });

  it('refuses a value that is not what its kind says, and sends nothing', async () => {
    const create = vi.fn();
    renderInConsole(
      <ResourceContextProvider value="blocklist">
        <BlocklistCreate />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({ create, getList: async () => ({ data: [], total: 0 }) }),
      },
    );
    fireEvent.change(await screen.findByLabelText('Value'), { target: { value: 'someone' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Card testing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not an email address')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});
