import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailDetailSchema, OutboxMailSchema } from '@market/shared';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/**
 * A password-reset or invitation link in the outbox sets someone's password: admins see such
 * mails with their links masked (in the list and in the detail), and every read of one is
 * audited. The mail itself (what SMTP delivers) keeps its link.
 */
let t: TestServer;
let admin: TestAccount;
let otherAdmin: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [admin, otherAdmin] = await Promise.all([t.account('admin'), t.account('admin')]);
});
afterAll(() => t.close());

const outbox = () => t.db.collection<OutboxDoc>('outbox');
const reads = (mailId: string) =>
  t.db.collection('auditLog').find({ action: 'outbox.read', 'target.id': mailId }).toArray();

/** The outbox as the admin console lists it, for one recipient. */
async function listed(to: string) {
  const { data } = await raClient(t.url, 'admin', admin.token).getList('outbox', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { to },
  });
  return data.map((row) => OutboxMailSchema.parse(row));
}
const detail = async (id: string) =>
  OutboxMailDetailSchema.parse(
    (await raClient(t.url, 'admin', admin.token).getOne('outbox', { id })).data,
  );

describe('a mail carrying a credential', () => {
  it('shows another admin’s reset link masked, in list and detail, and audits each read', async () => {
    const asked = await t.call('POST', '/api/user/password-reset', {
      body: { email: otherAdmin.email },
    });
    expect(asked.status).toBe(204);
    await t.container.passwordReset.idle();
    const stored = await outbox().findOne({ to: otherAdmin.email, kind: 'password-reset' });
    const oobCode = /oobCode=([^\s"&]+)/.exec(stored!.text)?.[1];
    expect(oobCode).toBeTruthy(); // what SMTP delivers keeps the link

    const [row] = await listed(otherAdmin.email);
    expect(row).toMatchObject({ kind: 'password-reset', credential: true });
    expect(row!.text).toContain('/reset-password?[link hidden]');
    expect(row!.text).not.toContain(oobCode);
    const one = await detail(row!.id);
    expect(one.text).not.toContain(oobCode);
    expect(one.html).not.toContain(oobCode);
    expect(one.html).toContain('/reset-password?[link hidden]');

    const entries = await reads(row!.id);
    expect(entries.map((e) => e['details'].via)).toEqual(['list', 'detail']);
    expect(entries[0]).toMatchObject({
      actor: { uid: admin.uid },
      target: { type: 'outbox', id: row!.id },
      details: { kind: 'password-reset', to: otherAdmin.email },
    });
  });

  it('masks an admin invitation’s link too', async () => {
    const email = `invited-${Date.now()}@test.example`;
    const invited = await t.call('POST', '/api/admin/users/invite', {
      token: admin.token,
      body: { email, name: 'Ada' },
    });
    expect(invited.status).toBe(200);
    const stored = await outbox().findOne({ to: email, kind: 'admin-invite' });
    expect(stored?.text).toMatch(/oobCode=/);

    const [row] = await listed(email);
    expect(row?.credential).toBe(true);
    expect(row!.text).not.toMatch(/oobCode/);
    expect((await detail(row!.id)).html).not.toMatch(/oobCode/);
    expect(await reads(row!.id)).toHaveLength(2);
  });

  it('is masked also when stored before mails were marked (its kind says so)', async () => {
    const email = `old-${Date.now()}@test.example`;
    const id = new ObjectId();
    await outbox().insertOne({
      _id: id,
      to: email,
      subject: 'Reset your password',
      text: 'Hello\n\nhttps://shop.example/reset-password?oobCode=OLD-SECRET-CODE\n',
      html: '<a href="https://shop.example/reset-password?oobCode&#x3D;OLD-SECRET-CODE">Go</a>',
      kind: 'password-reset',
      delivery: 'stored',
      createdAt: new Date(),
    });
    const one = await detail(id.toHexString());
    expect(one.credential).toBe(true);
    expect(`${one.text}${one.html}`).not.toContain('OLD-SECRET-CODE');
    expect(await reads(id.toHexString())).toHaveLength(1);
  });
});

describe('any other mail', () => {
  it('is shown as written, and reading it is not audited', async () => {
    const email = `plain-${Date.now()}@test.example`;
    await t.container.mailer.send({
      to: email,
      subject: 'Your order',
      text: 'See https://shop.example/account?order=42',
      html: '<a href="https://shop.example/account?order=42">Your order</a>',
      kind: 'generic',
    });
    const [row] = await listed(email);
    expect(row).toMatchObject({ credential: false, text: expect.stringContaining('?order=42') });
    expect((await detail(row!.id)).html).toContain('?order=42');
    expect(await reads(row!.id)).toEqual([]);
  });
});
