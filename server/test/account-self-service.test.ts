import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountExportSchema,
  ApiErrorSchema,
  CheckoutStartedSchema,
  UserInfoFullSchema,
  UserInfoSchema,
} from '@market/shared';
import type { AuditDoc } from '../src/modules/audit/audit.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import type { UserDoc } from '../src/modules/users/users.repository.ts';
import { buyerWith, checkout, settledOrder } from './checkout-fixtures.ts';
import { errorsOf, freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import {
  signInWithPassword,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './harness.ts';
import { clickButton } from './payments-helpers.ts';

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of its own: velocity screening would hold orders for review.
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

/** Revocation has whole-second resolution (the token's `auth_time`): step into the next second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

/** Signs in to the app (creating the profile) and answers the session cookie. */
async function sessionOf(token: string): Promise<string> {
  const login = await t.call('POST', '/api/login', { token });
  expect(login.status).toBe(204);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The mails to `email`, once the password resets asked so far are done (after their answer). */
const mailsTo = async (email: string) => {
  await t.container.passwordReset.idle();
  return t.db.collection<OutboxDoc>('outbox').find({ to: email.toLowerCase() }).toArray();
};

/** What the Auth emulator does for the client SDK's `confirmPasswordReset`. */
async function confirmPasswordReset(oobCode: string, newPassword: string) {
  const res = await fetch(
    `http://${t.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
  expect(res.status).toBe(200);
}

/** A buyer with one delivered order (one key) and a favorite. */
async function buyerWithOrder() {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1500, usd: 1500, gbp: 1500 });
  const codes = freshCodes(1);
  await uploadKeys(t, seller, offer.id, codes);
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  await sessionOf(buyer.token);
  const res = await checkout(t, buyer, 'paypal');
  expect(res.status).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  expect((await clickButton(approvalUrl, 'Pay now')).status).toBe(303);
  await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  expect((await settledOrder(t, buyer, orderId)).status).toBe('approved');
  const favorite = await t.call('POST', '/api/user/favorites/set', {
    token: buyer.token,
    body: { productId, date: new Date().toISOString(), userId: buyer.uid },
  });
  expect(favorite.status).toBe(200);
  return { buyer, productId, orderId, codes };
}

describe('password reset', () => {
  it('answers the same for an unknown email, and mails nothing', async () => {
    const email = `nobody-${Date.now()}@test.example`;
    const res = await t.call('POST', '/api/user/password-reset', { body: { email } });
    expect(res.status).toBe(204);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('mails a link to our page; the new password works, the old one and older sessions do not', async () => {
    const buyer = await t.account('user');
    const cookie = await sessionOf(buyer.token);
    await nextSecond();

    const asked = await t.call('POST', '/api/user/password-reset', {
      body: { email: buyer.email },
    });
    expect(asked.status).toBe(204);
    const [mail] = await mailsTo(buyer.email);
    expect(mail?.kind).toBe('password-reset');
    expect(mail?.subject).toBe('Reset your password');
    const link = /(http\S+\/reset-password\?oobCode=\S+)/.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeDefined();
    expect(new URL(link!).origin).toBe(t.container.deps.publicOrigin);
    const oobCode = new URL(link!).searchParams.get('oobCode')!;

    await confirmPasswordReset(oobCode, 'brand-new-secret');
    expect(
      (await t.call('POST', '/api/user/password-changed', { body: { email: buyer.email } })).status,
    ).toBe(204);

    await expect(signInWithPassword(t.emulatorHost, buyer.email, 'secret123')).rejects.toThrow();
    const fresh = await signInWithPassword(t.emulatorHost, buyer.email, 'brand-new-secret');
    expect((await t.call('GET', '/api/cart/get', { token: fresh })).status).toBe(200);
    // The session opened before the reset ends at once.
    expect((await t.call('GET', '/api/cart/get', { cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(401);
  });

  it('after a password change, other sessions end and a sign-in with the new one goes on', async () => {
    const buyer = await t.account('user');
    const otherDevice = await sessionOf(buyer.token);
    await nextSecond();
    // What the client SDK's `updatePassword` asks of the provider.
    const changed = await fetch(
      `http://${t.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:update?key=test`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          idToken: buyer.token,
          password: 'changed-123',
          returnSecureToken: true,
        }),
      },
    );
    expect(changed.status).toBe(200);
    // The account page signs in again with the new password, then tells the server.
    const fresh = await signInWithPassword(t.emulatorHost, buyer.email, 'changed-123');
    await t.call('POST', '/api/user/password-changed', { body: { email: buyer.email } });
    expect((await t.call('GET', '/api/cart/get', { cookie: otherDevice })).status).toBe(401);
    const thisDevice = await sessionOf(fresh);
    expect((await t.call('GET', '/api/cart/get', { cookie: thisDevice })).status).toBe(200);
  });

  it('writes to an Italian buyer in Italian, with the Italian page', async () => {
    const buyer = await t.account('user');
    await sessionOf(buyer.token);
    await t.call('POST', '/api/user/account/update', {
      token: buyer.token,
      body: { locale: 'it' },
    });
    await t.call('POST', '/api/user/password-reset', { body: { email: buyer.email } });
    const [mail] = await mailsTo(buyer.email);
    expect(mail?.subject).toBe('Reimposta la tua password');
    expect(mail?.text).toContain('/it/reset-password?oobCode=');

    // Asked again at once (from anywhere): the same answer, no second mail within the minute.
    const again = await t.call('POST', '/api/user/password-reset', {
      body: { email: buyer.email },
    });
    expect(again.status).toBe(204);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('refuses a malformed email with a field error', async () => {
    const res = await t.call('POST', '/api/user/password-reset', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(Object.keys(await errorsOf(res))).toContain('email');
  });
});

describe('profile', () => {
  it('changes name, surname, language and marketing consent', async () => {
    const buyer = await t.account('user');
    await sessionOf(buyer.token);
    const res = await t.call('POST', '/api/user/account/update', {
      token: buyer.token,
      body: { name: 'Giulia', surname: 'Rossi', locale: 'it', marketingConsent: true },
    });
    expect(res.status).toBe(200);
    const info = UserInfoSchema.parse(
      await (await t.call('GET', '/api/user/account', { token: buyer.token })).json(),
    );
    expect(info).toMatchObject({
      name: 'Giulia',
      surname: 'Rossi',
      locale: 'it',
      marketingConsent: true,
    });
    expect((await t.identity.auth.getUser(buyer.uid)).displayName).toBe('Giulia Rossi');

    const empty = await t.call('POST', '/api/user/account/update', {
      token: buyer.token,
      body: { name: '  ' },
    });
    expect(empty.status).toBe(400);
  });
});

describe('export my data', () => {
  it('downloads profile, orders without key codes, favorites and consents', async () => {
    const { buyer, productId, codes } = await buyerWithOrder();
    const res = await t.call('GET', '/api/user/account/export', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await res.text();
    const data = AccountExportSchema.parse(JSON.parse(text));
    expect(data.profile.email).toBe(buyer.email);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.items[0]!.keysDelivered).toBe(1);
    expect(data.favorites.map((f) => f.productId)).toEqual([productId]);
    expect(data.consents.marketingEmails).toBe(false);
    // No key code anywhere in the file.
    for (const code of codes) expect(text).not.toContain(String(code));
  });
});

describe('delete my account', () => {
  it('erases the person, keeps the order anonymised and ends every session', async () => {
    const { buyer, orderId } = await buyerWithOrder();
    const cookie = await sessionOf(buyer.token);

    const wrong = await t.call('POST', '/api/user/account/delete', {
      token: buyer.token,
      body: { confirmEmail: 'someone-else@test.example' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(await errorsOf(wrong))).toContain('confirmEmail');

    const res = await t.call('POST', '/api/user/account/delete', {
      token: buyer.token,
      body: { confirmEmail: buyer.email.toUpperCase() },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/session=;/);

    expect((await t.call('GET', '/api/cart/get', { cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/user/account', { token: buyer.token })).status).toBe(401);
    await expect(signInWithPassword(t.emulatorHost, buyer.email, 'secret123')).rejects.toThrow();

    const user = await t.db.collection<UserDoc>('users').findOne({ _id: buyer.uid });
    expect(user).toMatchObject({ name: '', surname: '', marketingConsent: false });
    expect(user!.email).toMatch(/@anonymised\.invalid$/);
    const kept = await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(orderId) });
    expect(kept?.status).toBe('approved');
    expect(kept?.email).toBe(user!.email);
    expect(kept?.ip).toBeNull();
    expect(await t.db.collection('favorites').countDocuments({ userId: buyer.uid })).toBe(0);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    const audit = await t.db
      .collection<AuditDoc>('auditLog')
      .findOne({ action: 'user.anonymise', 'target.id': buyer.uid });
    expect(audit?.details).toEqual({ by: 'self' });

    // The same email may sign up again: nothing of the old account holds it.
    expect((await t.identity.auth.createUser({ email: buyer.email })).email).toBe(buyer.email);
  });

  it('refuses a seller’s account (their shop’s records outlive it)', async () => {
    const shop = await t.account('seller');
    await sessionOf(shop.token);
    const res = await t.call('POST', '/api/user/account/delete', {
      token: shop.token,
      body: { confirmEmail: shop.email },
    });
    expect(res.status).toBe(409);
  });
});

describe('admins anonymise a user', () => {
  it('runs the same erasure, audited, and repeating it changes nothing', async () => {
    const buyer = await t.account('user');
    await sessionOf(buyer.token);
    const res = await t.call('POST', `/api/admin/users/${buyer.uid}/anonymise`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const user = UserInfoFullSchema.parse(await res.json());
    expect(user.email).toMatch(/@anonymised\.invalid$/);
    expect(user.name).toBe('');
    await expect(t.identity.auth.getUser(buyer.uid)).rejects.toThrow();

    const again = await t.call('POST', `/api/admin/users/${buyer.uid}/anonymise`, {
      token: admin.token,
    });
    expect(again.status).toBe(200);
    const entries = await t.db
      .collection<AuditDoc>('auditLog')
      .find({ action: 'user.anonymise', 'target.id': buyer.uid })
      .toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor.uid).toBe(admin.uid);
  });

  it('finishes an erasure a crash interrupted right after it began', async () => {
    const buyer = await t.account('user');
    await sessionOf(buyer.token);
    // The state the first write leaves: begun (with its audit id), nothing else done yet.
    const begun = new Date(Date.now() - 10 * 60_000);
    await t.container.users.beginErasure(buyer.uid, begun, new ObjectId());
    expect(await t.container.accountErasure.resumeUnfinished()).toBeGreaterThanOrEqual(1);

    const user = await t.db.collection<UserDoc>('users').findOne({ _id: buyer.uid });
    expect(user?.anonymisedAt).toBeInstanceOf(Date);
    expect(user?.email).toMatch(/@anonymised\.invalid$/);
    await expect(t.identity.auth.getUser(buyer.uid)).rejects.toThrow();
    const entry = await t.db
      .collection<AuditDoc>('auditLog')
      .findOne({ action: 'user.anonymise', 'target.id': buyer.uid });
    expect(entry?.details).toEqual({ by: 'resumed' });
    expect(await t.container.accountErasure.resumeUnfinished()).toBe(0);
  });

  it('answers 404 for an unknown user and 409 for an admin', async () => {
    const missing = await t.call('POST', '/api/admin/users/no-such-user/anonymise', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    await sessionOf(admin.token);
    const self = await t.call('POST', `/api/admin/users/${admin.uid}/anonymise`, {
      token: admin.token,
    });
    expect(self.status).toBe(409);
    expect(ApiErrorSchema.parse(await self.json()).code).toBe('CONFLICT');
  });
});
