import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema, BlocklistEntrySchema } from '@market/shared';
import { expectFieldErrors, rejection } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/** The admin console's `blocklist` resource, driven through its real data provider. */

let t: TestServer;
let admin: DataProvider;
let adminAccount: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  adminAccount = await t.account('admin');
  admin = raClient(t.url, 'admin', adminAccount.token);
});
afterAll(() => t.close());

let serial = 0;
const email = () => `Fraudster${process.pid}x${serial++}@Example.com`;

async function add(data: object) {
  const { data: created } = await admin.create('blocklist', { data });
  return BlocklistEntrySchema.parse(created);
}

describe('/api/admin/blocklist', () => {
  it('adds, lists with filters and a total, and removes an entry, each audited with who', async () => {
    const value = email();
    const created = await add({ kind: 'email', value, reason: 'Stolen card used twice' });
    expect(created).toMatchObject({
      kind: 'email',
      // Emails are matched lower-cased.
      value: value.toLowerCase(),
      reason: 'Stolen card used twice',
      addedBy: { actor: 'Admin', uid: adminAccount.uid, email: adminAccount.email },
    });
    await add({ kind: 'ip', value: '203.0.113.7', reason: 'Card testing' });

    const list = await admin.getList('blocklist', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { kind: 'email', q: value.slice(0, 12).toUpperCase() },
    });
    expect(list.total).toBe(1);
    expect(list.data.map((e) => e.id)).toEqual([created.id]);

    const { data: one } = await admin.getOne('blocklist', { id: created.id });
    expect(one).toEqual(created);

    await admin.delete('blocklist', { id: created.id, previousData: created });
    expect((await rejection(admin.getOne('blocklist', { id: created.id }))).status).toBe(404);

    const audit = await admin.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { targetId: created.id },
    });
    expect(
      audit.data.map((e) => AuditEntrySchema.parse(e)).map((e) => [e.action, e.actor.uid]),
    ).toEqual([
      ['blocklist.remove', adminAccount.uid],
      ['blocklist.add', adminAccount.uid],
    ]);
  });

  it('refuses a value listed already (in another case) with 409 on value', async () => {
    const value = email();
    await add({ kind: 'email', value, reason: 'Chargeback' });
    const err = await rejection(
      admin.create('blocklist', {
        data: { kind: 'email', value: value.toUpperCase(), reason: 'Again' },
      }),
    );
    expect(err.status).toBe(409);
    expect((err.body as { errors: Record<string, string> }).errors).toHaveProperty('value');
  });

  it('answers 400 with field errors for an entry that is not what its kind says', async () => {
    const post = (body: object) =>
      t.call('POST', '/api/admin/blocklist', { token: adminAccount.token, body });
    await expectFieldErrors(
      await post({ kind: 'ip', value: 'not-an-address', reason: 'Card testing' }),
      400,
      ['value'],
    );
    await expectFieldErrors(await post({ kind: 'email', value: 'someone', reason: 'x' }), 400, [
      'value',
    ]);
    await expectFieldErrors(await post({ kind: 'card', value: '', reason: '' }), 400, [
      'kind',
      'value',
      'reason',
    ]);
  });

  it('is the admins’ alone', async () => {
    const user = await t.account('user');
    const res = await t.call('GET', '/api/admin/blocklist', { token: user.token });
    expect(res.status).toBe(403);
  });
});
