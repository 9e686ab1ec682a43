import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { ObjectId, type MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ApiTokenCreatedSchema, SellerSchema } from '@market/shared';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { createLogger } from '../src/logger.ts';
import type { TokenHolder } from '../src/modules/seller-api/api-tokens.service.ts';
import { tokenRefusal } from '../src/modules/seller-api/token-auth.ts';
import { ROLE_REMOVED_REASON } from '../src/modules/sellers/sellers.service.ts';
import { newProduct, sell } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * A seller's API tokens follow the account (issue 22, item 1): a token acts only while its
 * account is still the seller of an approved shop, not erased, not blocked, and minted after the
 * account's `sessionsValidAfter`; a role change, an erasure, a block or a suspension revokes
 * every token of the account (audited), and taking the seller role away suspends the shop.
 */
let t: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.account('admin');
});
afterAll(() => t.close());

/** Revocation has whole-second resolution (`sessionsValidAfter`): step into the next second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

/** A seller who signed in once (as through the console: the account has its profile). */
async function signedInSeller() {
  const seller = await t.account('seller');
  expect((await t.call('POST', '/api/login', { token: seller.token })).status).toBe(204);
  return seller;
}

const mint = async (seller: TestAccount, scopes = ['offers:read', 'sales:read']) => {
  const res = await t.call('POST', '/api/seller/api-tokens', {
    token: seller.token,
    body: { name: 'Sync', scopes },
  });
  expect(res.status).toBe(201);
  return ApiTokenCreatedSchema.parse(await res.json());
};

/** The status of the token's seller calls, and the refusal's provider code if any. */
async function asToken(token: string, paths = ['/api/seller/offers', '/api/seller/sales']) {
  const answers = [];
  for (const p of paths) {
    const res = await t.call('GET', p, { token });
    const body: unknown = await res.json();
    answers.push({
      status: res.status,
      code: res.ok ? null : (ApiErrorSchema.parse(body).providerCode ?? null),
    });
  }
  return answers;
}

const works = async (token: string) =>
  expect((await asToken(token)).map((a) => a.status)).toEqual([200, 200]);

const auditOf = (uid: string) =>
  t.db
    .collection<{ action: string; reason: string | null; details: Record<string, unknown> }>(
      'auditLog',
    )
    .find({ 'target.id': uid })
    .toArray();

const tokenDoc = (id: string) => t.db.collection('apiTokens').findOne({ _id: new ObjectId(id) });

const adminCall = (method: string, p: string, body?: unknown) =>
  t.call(method, p, { token: admin.token, body });

describe('a token follows its account', () => {
  it('works for a fresh seller, whose minting gave the account a profile', async () => {
    const seller = await t.account('seller');
    const { token } = await mint(seller);
    await works(token);
    expect(await t.db.collection('users').findOne({ _id: seller.uid as never })).toMatchObject({
      role: 'seller',
      sellerId: seller.sellerId,
    });
  });

  it('stops at the demotion: tokens revoked and audited, the shop suspended', async () => {
    const seller = await signedInSeller();
    const offer = await sell(t, seller, await newProduct(t.db));
    const { token, id } = await mint(seller);
    await works(token);

    const demoted = await adminCall('PUT', `/api/admin/users/${seller.uid}`, { role: 'user' });
    expect(demoted.status).toBe(200);
    expect(await asToken(token)).toEqual([
      { status: 401, code: 'auth/api-token-revoked' },
      { status: 401, code: 'auth/api-token-revoked' },
    ]);
    expect((await tokenDoc(id))?.revokedAt).toBeInstanceOf(Date);

    const shop = SellerSchema.parse(
      await (await adminCall('GET', `/api/admin/sellers/${seller.sellerId}`)).json(),
    );
    expect(shop).toMatchObject({ status: 'suspended', statusReason: ROLE_REMOVED_REASON });
    // Its offers went off sale with it.
    expect(await t.db.collection('offers').findOne({ _id: new ObjectId(offer.id) })).toMatchObject({
      sellerSuspended: true,
    });

    const entries = await auditOf(seller.uid);
    expect(entries.find((e) => e.action === 'apiTokens.revoke')).toMatchObject({
      details: { cause: 'role', count: 1 },
    });
    expect(entries.find((e) => e.action === 'user.role')).toMatchObject({
      details: { from: 'seller', to: 'user', shopSuspended: seller.sellerId },
    });
  });

  it('stays refused after the account is anonymised', async () => {
    const seller = await signedInSeller();
    const { token } = await mint(seller);
    expect(
      (await adminCall('PUT', `/api/admin/users/${seller.uid}`, { role: 'user' })).status,
    ).toBe(200);
    const erased = await adminCall('POST', `/api/admin/users/${seller.uid}/anonymise`);
    expect(erased.status).toBe(200);
    expect(await asToken(token)).toEqual([
      { status: 401, code: 'auth/user-not-found' },
      { status: 401, code: 'auth/user-not-found' },
    ]);
  });

  it('stops at a block, audited, and an unblock brings no token back', async () => {
    const seller = await signedInSeller();
    const { token, id } = await mint(seller);
    await works(token);
    const block = (blocked: boolean) =>
      adminCall('POST', '/api/admin/users/edit', { userId: seller.uid, blocked });

    expect((await block(true)).status).toBe(200);
    expect(await asToken(token)).toEqual([
      { status: 403, code: 'auth/user-blocked' },
      { status: 403, code: 'auth/user-blocked' },
    ]);
    expect((await tokenDoc(id))?.revokedAt).toBeInstanceOf(Date);
    expect((await auditOf(seller.uid)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.block', 'apiTokens.revoke']),
    );

    expect((await block(false)).status).toBe(200);
    expect((await asToken(token))[0]).toEqual({ status: 401, code: 'auth/api-token-revoked' });
  });

  it('stops at the shop’s suspension, and only a token minted after approval works again', async () => {
    const seller = await signedInSeller();
    const { token } = await mint(seller);
    await works(token);
    const decide = (decision: string) =>
      adminCall('POST', `/api/admin/sellers/${seller.sellerId}/${decision}`, {
        reason: 'Checking the shop',
      });

    expect((await decide('suspend')).status).toBe(200);
    const [refused] = await asToken(token);
    expect([401, 403]).toContain(refused!.status);
    const entries = await auditOf(seller.uid);
    expect(entries.find((e) => e.action === 'apiTokens.revoke')).toMatchObject({
      details: { cause: 'suspension', count: 1 },
    });
    // The suspension's own entry (the admin audit trail's) is still written.
    const trail = await t.db
      .collection('auditLog')
      .findOne({ action: 'record.action', 'target.id': seller.sellerId });
    expect(trail).not.toBeNull();

    await nextSecond();
    expect((await decide('approve')).status).toBe(200);
    expect((await asToken(token))[0]).toEqual({ status: 401, code: 'auth/api-token-revoked' });
    // The suspension ended the seller's sessions too: a new sign-in mints a new token.
    const again = { ...seller, token: await t.signIn(seller.email, 'secret123') };
    await works((await mint(again)).token);
  });

  it('stops at a logout everywhere (sessionsValidAfter): only later tokens work', async () => {
    const seller = await signedInSeller();
    const { token } = await mint(seller);
    await works(token);
    await nextSecond();
    expect((await t.call('POST', '/api/logout', { token: seller.token })).status).toBe(204);
    expect(await asToken(token)).toEqual([
      { status: 401, code: 'auth/api-token-revoked' },
      { status: 401, code: 'auth/api-token-revoked' },
    ]);
    const again = { ...seller, token: await t.signIn(seller.email, 'secret123') };
    await works((await mint(again)).token);
  });
});

describe('across instances', () => {
  /** A second instance on the same database: its own memory, no change stream between them. */
  let other: Hono;
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-other-'));
    const client = (t.db as unknown as { client: MongoClient }).client;
    const deps = buildAppDeps({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      db: client.db(t.db.databaseName),
      identity: t.identity,
      log: createLogger('silent'),
      databaseMode: 'embedded',
    });
    other = createApp(createContainer(deps)) as unknown as Hono;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const onOther = async (token: string) =>
    (
      await other.request('/api/seller/offers', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status;

  it('refuses at its next request a token revoked through the first', async () => {
    const seller = await signedInSeller();
    const { token, id } = await mint(seller);
    // Used on both: each has read the token and cached the account's state.
    expect(await onOther(token)).toBe(200);
    await works(token);
    expect(await onOther(token)).toBe(200);

    const revoked = await t.call('DELETE', `/api/seller/api-tokens/${id}`, { token: seller.token });
    expect(revoked.status).toBe(200);
    expect(await onOther(token)).toBe(401);
  });

  it('refuses at its next request the token of an account blocked or demoted through the first', async () => {
    const [blocked, demoted] = await Promise.all([signedInSeller(), signedInSeller()]);
    const tokens = [(await mint(blocked)).token, (await mint(demoted)).token];
    for (const token of tokens) expect(await onOther(token)).toBe(200);

    const edit = await adminCall('POST', '/api/admin/users/edit', {
      userId: blocked.uid,
      blocked: true,
    });
    expect(edit.status).toBe(200);
    const role = await adminCall('PUT', `/api/admin/users/${demoted.uid}`, { role: 'user' });
    expect(role.status).toBe(200);
    for (const token of tokens) expect([401, 403]).toContain(await onOther(token));
  });
});

describe('the account check on its own', () => {
  const holder: TokenHolder = {
    tokenId: 'tok',
    sellerId: 'shop-1',
    uid: 'u1',
    scopes: ['offers:read'],
    createdAt: new Date('2026-01-01T10:00:00.500Z'),
    revokedAt: null,
  };
  const seller = { blocked: false, role: 'seller' as const, sellerId: 'shop-1' };
  const refusal = (state: Parameters<typeof tokenRefusal>[1], h = holder) =>
    tokenRefusal(h, state)?.providerCode ?? null;

  it('lets only a live token of its shop’s seller act', () => {
    expect(refusal(seller)).toBeNull();
    // The same second as a revocation still counts, as for sessions (auth_time is whole seconds).
    expect(refusal({ ...seller, sessionsValidAfter: new Date('2026-01-01T10:00:00Z') })).toBeNull();
  });

  it('refuses each way an account stops being the token’s', () => {
    expect(refusal(null)).toBe('auth/user-not-found');
    // Erased: even were the role and the shop somehow left as they were.
    expect(refusal({ ...seller, anonymisedAt: new Date() })).toBe('auth/user-not-found');
    expect(refusal({ ...seller, blocked: true })).toBe('auth/user-blocked');
    expect(refusal({ ...seller, role: 'user' })).toBe('auth/api-token-revoked');
    expect(refusal({ ...seller, role: 'admin' })).toBe('auth/api-token-revoked');
    expect(refusal({ ...seller, sellerId: 'shop-2' })).toBe('auth/api-token-revoked');
    expect(refusal({ ...seller, sessionsValidAfter: new Date('2026-01-01T10:00:01Z') })).toBe(
      'auth/api-token-revoked',
    );
    expect(refusal(seller, { ...holder, revokedAt: new Date() })).toBe('auth/api-token-revoked');
  });
});
