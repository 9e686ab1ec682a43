import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, UserInfoFull } from '@market/shared';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';
import { declaredApiRoutes } from './served-routes.ts';

/**
 * Staff management: an admin changes a user's role (the next session carries it, the old
 * credential is refused), invites an admin by email, and every admin write lands in the audit
 * log — the ones no service describes through the audit trail, with secrets redacted.
 */
const t: TestServer = await startTestServer({
  env: { RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(',') },
});
afterAll(() => t.close());

let admin: TestAccount;
beforeAll(async () => {
  admin = await t.account('admin');
  await t.call('POST', '/api/login', { token: admin.token });
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { role?: string };

/** A fresh account of that role with a profile (it signed in once). */
async function signedIn(role: 'user' | 'seller' | 'admin') {
  const account = await t.account(role);
  expect((await t.call('POST', '/api/login', { token: account.token })).status).toBe(204);
  return account;
}

const auditEntries = (filter: Record<string, unknown>) =>
  t.db.collection('auditLog').find(filter).toArray();

describe('PUT /api/admin/users/:id (role)', () => {
  it('gives the role to the next session and refuses the credential with the old one', async () => {
    const user = await signedIn('user');
    // Revocation counts in whole seconds: the old credential must be from an earlier second.
    await new Promise((r) => setTimeout(r, 1100));
    const console = raClient(t.url, 'admin', admin.token);
    const { data: before } = await console.getOne<UserInfoFull>('users', { id: user.uid });
    const { data } = await console.update<UserInfoFull>('users', {
      id: user.uid,
      data: { ...before, role: 'admin' },
      previousData: before,
    });
    expect(data.role).toBe('admin');

    const old = await t.call('GET', '/api/user/account', { token: user.token });
    expect(old.status).toBe(401);
    expect(((await old.json()) as { providerCode?: string }).providerCode).toBe(
      'auth/id-token-revoked',
    );

    const next = await t.signIn(user.email, 'secret123');
    expect(claimsOf(next).role).toBe('admin');
    expect((await t.call('GET', '/api/admin/users', { token: next })).status).toBe(200);

    const [entry] = await auditEntries({ action: 'user.role', 'target.id': user.uid });
    expect(entry).toMatchObject({
      actor: { uid: admin.uid },
      details: { from: 'user', to: 'admin' },
    });
  });

  it('keeps a seller’s shop in the claims when the role changes', async () => {
    const seller = await signedIn('seller');
    const res = await t.call('PUT', `/api/admin/users/${seller.uid}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(res.status).toBe(200);
    const record = await t.identity.auth.getUser(seller.uid);
    expect(record.customClaims).toEqual({ role: 'user', sellerId: seller.sellerId });
    const back = await t.call('PUT', `/api/admin/users/${seller.uid}`, {
      token: admin.token,
      body: { role: 'seller' },
    });
    expect(back.status).toBe(200);
    expect(((await back.json()) as UserInfoFull).role).toBe('seller');
  });

  it('refuses an admin’s own role, and the seller role without a seller application', async () => {
    const self = await t.call('PUT', `/api/admin/users/${admin.uid}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(self.status).toBe(409);
    expect((await t.identity.auth.getUser(admin.uid)).customClaims?.role).toBe('admin');

    const user = await signedIn('user');
    const seller = await t.call('PUT', `/api/admin/users/${user.uid}`, {
      token: admin.token,
      body: { role: 'seller' },
    });
    expect(seller.status).toBe(409);
    // The unchanged user keeps working.
    expect((await t.call('GET', '/api/user/account', { token: user.token })).status).toBe(200);
  });

  it('refuses to demote the last admin who can act', async () => {
    const other = await signedIn('admin');
    // The users documents say `other` is the only admin not blocked (the caller's own document
    // lags behind its claim here, as when its role changed a moment ago).
    const users = t.db.collection<{ _id: string; role: string; blocked: boolean }>('users');
    await users.updateMany(
      { role: 'admin', _id: { $nin: [other.uid, admin.uid] } },
      { $set: { blocked: true } },
    );
    await users.updateOne({ _id: admin.uid }, { $set: { role: 'user' } });
    try {
      const res = await t.call('PUT', `/api/admin/users/${other.uid}`, {
        token: admin.token,
        body: { role: 'user' },
      });
      expect(res.status).toBe(409);
      expect((await t.identity.auth.getUser(other.uid)).customClaims?.role).toBe('admin');
    } finally {
      await users.updateMany({ role: 'admin' }, { $set: { blocked: false } });
      await users.updateOne({ _id: admin.uid }, { $set: { role: 'admin' } });
    }
  });
  it('keeps an admin when the last two demote each other at once', async () => {
    const [a, b] = [await signedIn('admin'), await signedIn('admin')];
    const users = t.db.collection<{ _id: string; role: string; blocked: boolean }>('users');
    await users.updateMany(
      { role: 'admin', _id: { $nin: [a.uid, b.uid] } },
      { $set: { blocked: true } },
    );
    try {
      const answers = await Promise.all([
        t.call('PUT', `/api/admin/users/${b.uid}`, { token: a.token, body: { role: 'user' } }),
        t.call('PUT', `/api/admin/users/${a.uid}`, { token: b.token, body: { role: 'user' } }),
      ]);
      expect(answers.map((r) => r.status)).not.toEqual([200, 200]);
      const left = await users.find({ _id: { $in: [a.uid, b.uid] }, role: 'admin' }).toArray();
      expect(left.length).toBeGreaterThan(0);
      for (const doc of left) {
        expect((await t.identity.auth.getUser(doc._id)).customClaims?.role).toBe('admin');
      }
    } finally {
      await users.updateMany({ role: 'admin' }, { $set: { blocked: false } });
    }
  });
});

describe('POST /api/admin/users/invite', () => {
  it('creates the account, mails a set-password link, and the invitee signs in as an admin', async () => {
    const email = `invited-${Date.now()}@test.example`;
    const res = await t.call('POST', '/api/admin/users/invite', {
      token: admin.token,
      body: { email, name: 'Ada' },
    });
    expect(res.status).toBe(200);
    const { id, created } = (await res.json()) as { id: string; created: boolean };
    expect(created).toBe(true);

    const mail = await t.db.collection('outbox').findOne({ to: email, kind: 'admin-invite' });
    expect(mail?.text).toMatch(/Hello Ada/);
    const link = String(mail?.text).match(/https?:\/\/\S*oobCode\S*/)?.[0];
    const oobCode = new URL(link!).searchParams.get('oobCode');
    const reset = await fetch(
      `http://${t.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=test`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode, newPassword: 'chosen-by-ada' }),
      },
    );
    expect(reset.status).toBe(200);

    const token = await t.signIn(email, 'chosen-by-ada');
    expect(claimsOf(token).role).toBe('admin');
    expect((await t.call('POST', '/api/login', { token })).status).toBe(204);
    expect((await t.call('GET', `/api/admin/users/${id}`, { token })).status).toBe(200);

    const [entry] = await auditEntries({ action: 'user.invite', 'target.id': id });
    expect(entry).toMatchObject({ details: { email, created: true, to: 'admin' } });
    // The link is a credential: never in the audit log.
    expect(JSON.stringify(entry)).not.toContain(oobCode!);
  });

  it('makes an existing user an admin and ends their user sessions', async () => {
    const user = await signedIn('user');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.call('POST', '/api/admin/users/invite', {
      token: admin.token,
      body: { email: user.email },
    });
    expect(await res.json()).toEqual({ id: user.uid, created: false });
    expect((await t.call('GET', '/api/user/account', { token: user.token })).status).toBe(401);
    const next = await t.signIn(user.email, 'secret123');
    expect(claimsOf(next).role).toBe('admin');
  });
});

describe('the audit trail', () => {
  it('records a block, with who did it', async () => {
    const user = await signedIn('user');
    const res = await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: user.uid, blocked: true },
    });
    expect(res.status).toBe(200);
    const [entry] = await auditEntries({ action: 'user.block', 'target.id': user.uid });
    expect(entry?.actor).toEqual({ uid: admin.uid, email: admin.email });
  });

  it('records a catalogue write no service describes, with the created record’s id', async () => {
    const res = await t.call('POST', '/api/admin/brands', {
      token: admin.token,
      body: { name: 'Audited Brand' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const requestId = res.headers.get('x-request-id');
    const [entry] = await auditEntries({ requestId });
    expect(entry).toMatchObject({
      action: 'record.create',
      actor: { uid: admin.uid },
      target: { type: 'brands', id },
      details: {
        route: 'POST /admin/brands',
        status: 201,
        outcome: 'succeeded',
        body: { name: 'Audited Brand' },
      },
    });
    // The console reads it.
    const { data } = await raClient(t.url, 'admin', admin.token).getList<AuditEntry>('audit-log', {
      filter: { targetId: id },
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'at', order: 'DESC' },
    });
    expect(data.map((e) => e.action)).toEqual(['record.create']);
  });

  it('records refused attempts, never a secret of their body', async () => {
    const res = await t.call('PUT', '/api/admin/brands/no-such-brand', {
      token: admin.token,
      body: { name: 'x'.repeat(500), password: 'hunter2', codes: ['AAAA-BBBB-CCCC'] },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const [entry] = await auditEntries({ requestId: res.headers.get('x-request-id') });
    expect(entry).toMatchObject({
      action: 'record.update',
      target: { type: 'brands', id: 'no-such-brand' },
      details: { outcome: 'refused', body: { password: '[redacted]', codes: '[redacted]' } },
    });
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain('hunter2');
    expect(stored).not.toContain('AAAA-BBBB-CCCC');
    expect(stored.length).toBeLessThan(2000);
  });

  it('covers every declared admin write route', async () => {
    const declared = await declaredApiRoutes(t);
    const writes = [...declared]
      .filter(([route, access]) => access === 'admin' && !route.startsWith('GET '))
      .map(([route]) => route);
    expect(writes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of writes) {
      const [method, pattern] = route.split(' ') as [string, string];
      // An id no record has, and an empty body: refused past the guard, yet recorded.
      const path = pattern.replace(/:(\w+)/g, 'nobody-0123456789abcdef');
      const res = await t.call(method, path, {
        token: admin.token,
        body: method === 'DELETE' ? undefined : {},
      });
      expect(res.status, route).toBeLessThan(500);
      const requestId = res.headers.get('x-request-id');
      if ((await auditEntries({ requestId })).length === 0) missing.push(route);
    }
    expect(missing, 'admin writes with no audit entry').toEqual([]);
  });
});
