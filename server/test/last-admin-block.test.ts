import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Blocking follows the last-admin rule of role changes: the last admin who can act is never
 * blocked, not even by two admins blocking each other at the same moment.
 */
const t: TestServer = await startTestServer({
  env: { RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(',') },
});
afterAll(() => t.close());

type UserRow = { _id: string; role: string; blocked: boolean };
const users = () => t.db.collection<UserRow>('users');

/** A fresh admin with a profile (it signed in once). */
async function signedInAdmin(): Promise<TestAccount> {
  const account = await t.account('admin');
  expect((await t.call('POST', '/api/login', { token: account.token })).status).toBe(204);
  return account;
}

const block = (by: TestAccount, target: TestAccount) =>
  t.call('POST', '/api/admin/users/edit', {
    token: by.token,
    body: { userId: target.uid, blocked: true },
  });

/** Every admin but `keep` blocked in the documents, so that `keep` are the only ones who act. */
async function onlyAdmins(...keep: TestAccount[]) {
  await users().updateMany(
    { role: 'admin', _id: { $nin: keep.map((a) => a.uid) } },
    { $set: { blocked: true } },
  );
}

let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  [a, b] = [await signedInAdmin(), await signedInAdmin()];
});

describe('blocking an admin', () => {
  it('refuses to block the last admin who can act, and still blocks one of two', async () => {
    await onlyAdmins(a, b);
    // `a`'s own document lags behind its claim (its role changed a moment ago): `b` is the
    // only admin the documents count.
    await users().updateOne({ _id: a.uid }, { $set: { role: 'user' } });
    try {
      const refused = await block(a, b);
      expect(refused.status).toBe(409);
      expect((await users().findOne({ _id: b.uid }))?.blocked).toBe(false);
      // b's session goes on.
      expect((await t.call('GET', `/api/admin/users/${a.uid}`, { token: b.token })).status).toBe(
        200,
      );
    } finally {
      await users().updateOne({ _id: a.uid }, { $set: { role: 'admin' } });
    }
    const allowed = await block(a, b);
    expect(allowed.status).toBe(200);
    await users().updateOne({ _id: b.uid }, { $set: { blocked: false } });
  });

  it('leaves one admin able to act when the last two block each other at once', async () => {
    const [c, d] = [await signedInAdmin(), await signedInAdmin()];
    await onlyAdmins(c, d);
    try {
      const answers = await Promise.all([block(c, d), block(d, c)]);
      // One block at most goes through (the other is refused, or its admin was blocked first).
      expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      const left = await users()
        .find({ _id: { $in: [c.uid, d.uid] }, role: 'admin', blocked: false })
        .toArray();
      expect(left.length).toBeGreaterThanOrEqual(1);
    } finally {
      await users().updateMany({ role: 'admin' }, { $set: { blocked: false } });
    }
  });
});
