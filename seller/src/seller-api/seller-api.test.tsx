import { renderInConsole } from '@market/console-kit/testing';
import type { ApiToken, WebhookDelivery } from '@market/shared';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Notification,
  ResourceContextProvider,
  testDataProvider,
  type CreateParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ApiTokenCreate } from './ApiTokenCreate.tsx';
import { ApiTokenList } from './ApiTokenList.tsx';
import { WebhookDeliveryList } from './WebhookDeliveryList.tsx';

const TOKEN: ApiToken = {
  id: 'tok-1',
  name: 'Stock sync',
  prefix: 'mkt_live_AbCd',
  scopes: ['offers:read', 'keys:write'],
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

const FAILED: WebhookDelivery = {
  id: 'del-1',
  endpointId: 'wh-1',
  eventId: 'evt_0123',
  type: 'sale',
  status: 'failed',
  attempts: 10,
  lastStatusCode: 500,
  lastError: 'Answered 500',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  payload: { id: 'evt_0123', type: 'sale' },
};

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const render = (
  resource: string,
  ui: ReactElement,
  dataProvider: ReturnType<typeof testDataProvider>,
) =>
  renderInConsole(
    <ResourceContextProvider value={resource}>
      {ui}
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider },
  );

describe('API tokens', () => {
  it('lists tokens by prefix and scopes, never a secret, with revoke on active ones', async () => {
    render(
      'api-tokens',
      <ApiTokenList />,
      testDataProvider({
        getList: async () => ({
          data: [TOKEN, { ...TOKEN, id: 'tok-2', name: 'Old', revokedAt: TOKEN.createdAt }],
          total: 2,
        }),
      } as never),
    );
    const row = (await screen.findByText('Stock sync')).closest('tr')!;
    expect(within(row).getByText('mkt_live_AbCd…')).toBeTruthy();
    expect(within(row).getByText('keys:write')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    const old = screen.getByText('Old').closest('tr')!;
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('creates a token with its scopes and shows the secret once, in a dialog', async () => {
    const create = vi.fn(async (_resource: string, params: CreateParams) => ({
      data: { ...TOKEN, ...params.data, token: 'mkt_live_AbCdsecret' } as RaRecord,
    }));
    render('api-tokens', <ApiTokenCreate />, testDataProvider({ create: create as never }));
    const name = await screen.findByLabelText(/Name/);
    fireEvent.change(name, { target: { value: 'Stock sync' } });
    // Keys and supplier purchases are scopes of their own, apart from changing offers.
    expect(screen.getByLabelText('Upload keys to offers and revoke keys')).toBeTruthy();
    expect(screen.getByLabelText('Buy keys from your supplier (spends money)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Read offers and products'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({
      name: 'Stock sync',
      scopes: ['offers:read'],
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('mkt_live_AbCdsecret')).toBeTruthy();
    expect(within(dialog).getByText(/shown this once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Webhook deliveries', () => {
  it('shows a failed delivery and resends it from its row', async () => {
    const resendWebhookDelivery = vi.fn(async () => ({ ...FAILED, status: 'pending' }));
    render(
      'webhook-deliveries',
      <WebhookDeliveryList />,
      testDataProvider({
        getList: async () => ({ data: [FAILED], total: 1 }),
        getMany: async () => ({ data: [{ id: 'wh-1', url: 'https://hooks.example/x' }] }),
        resendWebhookDelivery,
      } as never),
    );
    const row = (await screen.findByText('Answered 500')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Sale')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resendWebhookDelivery).toHaveBeenCalledWith('del-1'));
    expect(await screen.findByText('Queued: it is sent within seconds')).toBeTruthy();
    expect(window.location.hash).toBe('');
  });
});
