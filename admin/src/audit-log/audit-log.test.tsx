import { createI18nProvider } from '@market/console-kit';
import type { AuditEntry } from '@market/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import auditLog from './index.ts';

const ADMIN = { uid: 'uid-admin', email: 'admin@example.com' };
const ENTRIES: AuditEntry[] = [
  {
    id: 'e2',
    actor: ADMIN,
    action: 'record.update',
    target: { type: 'brands', id: 'valve' },
    reason: null,
    details: { route: 'PUT /admin/brands/:id', status: 409, outcome: 'refused', body: {} },
    requestId: 'r2',
    ip: null,
    at: '2026-03-02T10:00:00.000Z',
  },
  {
    id: 'e1',
    actor: ADMIN,
    action: 'user.role',
    target: { type: 'users', id: 'uid-ada' },
    reason: null,
    details: { from: 'user', to: 'admin' },
    requestId: 'r1',
    ip: null,
    at: '2026-03-01T10:00:00.000Z',
  },
];

afterEach(cleanup);

describe('audit-log resource', () => {
  it('lists a role change and the audit trail’s entries with their outcome', async () => {
    const dataProvider = testDataProvider({
      getList: async <R extends RaRecord>() => ({ data: ENTRIES as unknown as R[], total: 2 }),
    });
    render(
      <TestMemoryRouter initialEntries={['/audit-log']}>
        <Admin
          dataProvider={dataProvider}
          i18nProvider={createI18nProvider(en, italian)}
          store={memoryStore()}
          disableTelemetry
        >
          <Resource name="audit-log" {...auditLog} />
        </Admin>
      </TestMemoryRouter>,
    );
    await screen.findByText('Record changed');
    expect(screen.getByRole('columnheader', { name: 'Outcome' })).toBeTruthy();
    const [, trailRow, roleRow] = screen.getAllByRole('row');
    expect(within(trailRow!).getByText('Refused')).toBeTruthy();
    expect(within(trailRow!).getByText('brands')).toBeTruthy();
    expect(within(roleRow!).getByText('Role changed')).toBeTruthy();
    expect(within(roleRow!).queryByText('Done')).toBeNull();
  });
});
