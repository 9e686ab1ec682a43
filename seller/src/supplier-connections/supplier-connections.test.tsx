import { renderInConsole } from '@market/console-kit/testing';
import type { SellerSupplierConnection } from '@market/shared';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Notification,
  ResourceContextProvider,
  testDataProvider,
  type CreateParams,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SupplierConnectionCreate } from './SupplierConnectionCreate.tsx';
import { SupplierConnectionEdit } from './SupplierConnectionEdit.tsx';
import { SupplierConnectionList } from './SupplierConnectionList.tsx';

const WOCK: SellerSupplierConnection = {
  id: 'conn-1',
  supplier: 'wock',
  label: 'Main account',
  credentialsHint: '…1b8d',
  status: 'ok',
  lastCheck: {
    at: '2026-03-01T10:00:00.000Z',
    ok: true,
    balance: { cents: 123_456, currency: 'eur' },
    error: null,
  },
  breaker: 'closed',
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const FAILING: SellerSupplierConnection = {
  ...WOCK,
  status: 'failing',
  lastCheck: { ...WOCK.lastCheck!, ok: false, balance: null, error: 'Wock: invalid API key' },
  breaker: 'open',
  lastError: { at: '2026-03-01T10:00:00.000Z', message: 'Wock: invalid API key' },
};

// Forms validate and re-render per keystroke; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const render = (ui: ReactElement, dataProvider: ReturnType<typeof testDataProvider>) =>
  renderInConsole(
    <ResourceContextProvider value="supplier-connections">
      {ui}
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider },
  );

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
};

describe('SupplierConnectionList', () => {
  it('shows each connection’s status, balance and breaker, and tests one from its row', async () => {
    const testSupplierConnection = vi.fn(async () => FAILING);
    render(
      <SupplierConnectionList />,
      testDataProvider({
        getList: async () => ({ data: [WOCK] as never[], total: 1 }),
        testSupplierConnection,
      } as never),
    );
    const row = (await screen.findByText('Main account')).closest('tr')!;
    expect(within(row).getByText('Wock')).toBeTruthy();
    expect(within(row).getByText('Working')).toBeTruthy();
    expect(within(row).getByText('€1,234.56')).toBeTruthy();
    expect(within(row).getByText('Closed')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(testSupplierConnection).toHaveBeenCalledWith('conn-1'));
    expect(
      await screen.findByText('The supplier did not accept the connection: Wock: invalid API key'),
    ).toBeTruthy();
    // The button tests; it does not open the row.
    expect(window.location.hash).toBe('');
  });
});

describe('SupplierConnectionCreate', () => {
  it('asks for the chosen supplier’s credentials, secrets hidden, and sends only those', async () => {
    const create = vi.fn(async (_resource: string, params: CreateParams) => ({
      data: { ...WOCK, id: 'conn-2', ...params.data } as RaRecord,
    }));
    render(<SupplierConnectionCreate />, testDataProvider({ create: create as never }));

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Supplier/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'CodesWholesale' }));
    expect((await screen.findByLabelText(/Client ID/)).getAttribute('type')).toBe('text');
    expect(screen.getByLabelText(/Client secret/).getAttribute('type')).toBe('password');
    type(/Client ID/, 'cws-client-1');

    // Another supplier: its own fields; what was typed for the first is not sent.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Supplier/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Wock' }));
    expect((await screen.findByLabelText(/API key/)).getAttribute('type')).toBe('password');
    expect(screen.queryByLabelText(/Client ID/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('API key is required')).toBeTruthy();
    expect(screen.getByText('A label is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    type(/Label/, 'Main account');
    type(/API key/, 'wock_sandbox_sk_4f7c2a9e1b8d');
    await waitFor(() => expect(screen.queryByText('API key is required')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      supplier: 'wock',
      label: 'Main account',
      credentials: { apiKey: 'wock_sandbox_sk_4f7c2a9e1b8d' },
    });
  });
});

describe('SupplierConnectionEdit', () => {
  const editProvider = () => {
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
      data: { ...FAILING, ...params.data } as RaRecord,
    }));
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: FAILING as never }),
      update: update as never,
    });
    return { update, dataProvider };
  };

  it('shows what the last test found and renames without touching the credentials', async () => {
    const { update, dataProvider } = editProvider();
    render(<SupplierConnectionEdit id="conn-1" />, dataProvider);
    expect(await screen.findByText('Failing')).toBeTruthy();
    expect(screen.getByText('Open: calls paused')).toBeTruthy();
    expect(screen.getByText('…1b8d')).toBeTruthy();
    expect(screen.getByText('Wock: invalid API key')).toBeTruthy();
    expect(screen.queryByLabelText(/API key/)).toBeNull();

    type(/Label/, 'EUR account');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({ supplier: 'wock', label: 'EUR account' });
  });

  it('replaces the credentials when the seller asks to', async () => {
    const { update, dataProvider } = editProvider();
    render(<SupplierConnectionEdit id="conn-1" />, dataProvider);
    fireEvent.click(await screen.findByLabelText('Replace the credentials'));
    expect((await screen.findByLabelText(/API key/)).getAttribute('type')).toBe('password');
    type(/API key/, 'wock_live_new_key_12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      supplier: 'wock',
      label: 'Main account',
      credentials: { apiKey: 'wock_live_new_key_12345678' },
    });
  });
});
