import { createI18nProvider } from '@market/console-kit';
import type { Seller } from '@market/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import sellers from '../sellers/index.ts';
import { ADA, SHOP_OWNER } from './test-users.ts';
import users from './index.ts';

const PIXEL_KEYS: Seller = {
  id: 'pixel-keys-1a2b3c',
  uid: SHOP_OWNER.id,
  email: SHOP_OWNER.email,
  name: 'Pixel Keys',
  registrationName: 'Pixel Keys S.r.l.',
  vatNumber: 'IT01234567890',
  image: null,
  status: 'approved',
  statusReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: '2026-03-02T10:00:00.000Z',
  rating: { average: 0, count: 0 },
};

const RECORDS: Record<string, RaRecord[]> = { users: [ADA, SHOP_OWNER], sellers: [PIXEL_KEYS] };

function adminDataProvider(): DataProvider {
  const find = (resource: string, id: unknown) =>
    RECORDS[resource]?.find((record) => record.id === id);
  return testDataProvider({
    getList: async <R extends RaRecord>(resource: string, _params: GetListParams) => {
      const data = (RECORDS[resource] ?? []) as R[];
      return { data, total: data.length };
    },
    getOne: async <R extends RaRecord>(resource: string, { id }: { id: unknown }) => ({
      data: find(resource, id) as R,
    }),
    getMany: async <R extends RaRecord>(resource: string, { ids }: { ids: unknown[] }) => ({
      data: ids.map((id) => find(resource, id)).filter(Boolean) as R[],
    }),
    sendVerify: vi.fn(async () => undefined),
    editUser: vi.fn(async () => ADA),
    update: vi.fn(async (_resource: string, { data }: { data: unknown }) => ({
      data: { ...ADA, ...(data as object) },
    })) as unknown as DataProvider['update'],
    inviteAdmin: vi.fn(async () => ({ id: 'uid-new', created: true })),
  });
}

function renderAdminAt(path: string, dataProvider = adminDataProvider()) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="users" {...users} />
        <Resource name="sellers" {...sellers} />
      </Admin>
    </TestMemoryRouter>,
  );
  return dataProvider;
}

afterEach(cleanup);

describe('users resource', () => {
  it('lists users newest first with email, name, role, state and a Block/Unblock button', async () => {
    renderAdminAt('/users');
    await screen.findByText('ada@example.com');
    for (const header of ['Email', 'Name', 'Role', 'Blocked', 'Email verified', 'Created']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const [, adaRow, shopRow] = screen.getAllByRole('row');
    expect(within(adaRow!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(adaRow!).getByText('User')).toBeTruthy();
    expect(within(adaRow!).getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(within(shopRow!).getByText('Seller')).toBeTruthy();
    expect(within(shopRow!).getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('asks the API for the newest accounts first', async () => {
    const dataProvider = adminDataProvider();
    const getList = vi.spyOn(dataProvider, 'getList');
    renderAdminAt('/users', dataProvider);
    await screen.findByText('ada@example.com');
    expect(getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }),
    );
  });

  it("opens the confirmation from a row's Block button without leaving the list", async () => {
    renderAdminAt('/users');
    const [, adaRow] = await screen.findAllByRole('row');
    fireEvent.click(within(adaRow!).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('dialog', { name: 'Block ada@example.com?' })).toBeTruthy();
    expect(screen.queryByText('User ada@example.com')).toBeNull();
  });

  it('shows everything about a user; no verification button once verified', async () => {
    renderAdminAt('/users/uid-ada/show');
    expect(await screen.findByText('User ada@example.com')).toBeTruthy();
    expect(screen.getByText('Email and password')).toBeTruthy();
    expect(document.querySelector('.ra-field-locale')?.textContent).toContain('Italiano');
    expect(screen.getByText('newsletter')).toBeTruthy();
    expect(screen.getByText('Sign-in providers')).toBeTruthy();
    expect(screen.getByText('password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send verification email' })).toBeNull();
  });

  it("links a seller's account to the seller and sends the verification mail again", async () => {
    const dataProvider = renderAdminAt('/users/uid-shop/show');
    expect(await screen.findByRole('link', { name: 'Pixel Keys' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send verification email' }));
    await waitFor(() =>
      expect(dataProvider['sendVerify']).toHaveBeenCalledWith({
        email: 'shop@example.com',
        name: 'Pixel Keys',
      }),
    );
    expect(await screen.findByText('Verification email sent to shop@example.com')).toBeTruthy();
  });

  it('changes a user’s role: the API gets only the role', async () => {
    const dataProvider = renderAdminAt('/users/uid-ada');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'users',
        expect.objectContaining({ id: 'uid-ada', data: { role: 'admin' } }),
      ),
    );
  });

  it('invites an admin by email from the list', async () => {
    const dataProvider = renderAdminAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite an admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an admin' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Email/), {
      target: { value: 'grace@example.com' },
    });
    fireEvent.click(send);
    await waitFor(() =>
      expect(dataProvider['inviteAdmin']).toHaveBeenCalledWith({
        email: 'grace@example.com',
        name: '',
      }),
    );
    expect(await screen.findByText('Invitation sent to grace@example.com')).toBeTruthy();
  });
});
