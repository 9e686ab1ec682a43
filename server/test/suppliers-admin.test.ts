import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSupplierSchema, AuditEntrySchema, SUPPLIER_IDS } from '@market/shared';
import { rejection } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/** The admin console's `suppliers` resource, driven through its real data provider. */

let t: TestServer;
let admin: DataProvider;
let adminAccount: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  adminAccount = await t.account('admin');
  admin = raClient(t.url, 'admin', adminAccount.token);
});
afterAll(() => t.close());

const list = async (filter: object = {}) => {
  const page = await admin.getList('suppliers', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'ASC' },
    filter,
  });
  return { total: page.total, rows: page.data.map((s) => AdminSupplierSchema.parse(s)) };
};

describe('/api/admin/suppliers', () => {
  it('lists the four suppliers of the spec, each on until an admin switches it', async () => {
    const { total, rows } = await list();
    expect(total).toBe(4);
    expect(rows.map((s) => s.id)).toEqual([...SUPPLIER_IDS]);
    expect(rows.find((s) => s.id === 'codeswholesale')).toEqual({
      id: 'codeswholesale',
      name: 'CodesWholesale',
      enabled: true,
      connections: 0,
      purchases24h: 0,
      errorRate: null,
      breakers: { open: 0, halfOpen: 0 },
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('switches a supplier off for the marketplace and back on, each change audited', async () => {
    const { data: off } = await admin.update('suppliers', {
      id: 'wock',
      data: { enabled: false },
      previousData: { id: 'wock' },
    });
    expect(off).toMatchObject({ id: 'wock', enabled: false, updatedBy: adminAccount.email });
    expect((await list({ enabled: false })).rows.map((s) => s.id)).toEqual(['wock']);
    expect((await admin.getOne('suppliers', { id: 'wock' })).data).toMatchObject({
      enabled: false,
    });

    // Saving the same state again changes nothing and records nothing.
    await admin.update('suppliers', {
      id: 'wock',
      data: { enabled: false },
      previousData: { id: 'wock' },
    });
    await admin.update('suppliers', {
      id: 'wock',
      data: { enabled: true },
      previousData: { id: 'wock' },
    });

    const audit = await admin.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { targetId: 'wock' },
    });
    const entries = audit.data.map((e) => AuditEntrySchema.parse(e));
    expect(entries.map((e) => [e.action, e.details, e.actor.uid])).toEqual([
      ['supplier.update', { enabled: { from: false, to: true } }, adminAccount.uid],
      ['supplier.update', { enabled: { from: true, to: false } }, adminAccount.uid],
    ]);
  });

  it('answers 404 for a supplier that is not one of the four and 400 for a bad switch', async () => {
    expect((await rejection(admin.getOne('suppliers', { id: 'g2a' }))).status).toBe(404);
    const err = await rejection(
      admin.update('suppliers', {
        id: 'prepaidforge',
        data: { enabled: 'yes' },
        previousData: { id: 'prepaidforge' },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.body.errors).toHaveProperty('enabled');
  });
});
