import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSupplierSchema, SellerSupplierConnectionSchema } from '@market/shared';
import {
  startSupplierSandboxes,
  SUPPLIER_SANDBOX_CREDENTIALS,
  type SupplierSandboxes,
} from '../src/sandboxes/suppliers/index.ts';
import { rejection } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/**
 * The seller console's `supplier-connections` resource, driven through its real data provider,
 * against the supplier sandboxes. BuyGamesGuru is given no URL: this server cannot reach it.
 */

let t: TestServer;
let sandboxes: SupplierSandboxes;
let sandboxDir: string;
let admin: DataProvider;
let wockUrl: string;

const WOCK_SANDBOX_CREDENTIALS = SUPPLIER_SANDBOX_CREDENTIALS.wock;
const REACHABLE = ['prepaidforge', 'wock', 'codeswholesale'] as const;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-sandboxes-'));
  sandboxes = await startSupplierSandboxes({ port: 0, dir: sandboxDir, productCount: 5 });
  wockUrl = sandboxes.urls.wock;
  t = await startTestServer({
    env: {
      SUPPLIER_PREPAIDFORGE_URL: sandboxes.urls.prepaidforge,
      SUPPLIER_WOCK_URL: sandboxes.urls.wock,
      SUPPLIER_CODESWHOLESALE_URL: sandboxes.urls.codeswholesale,
    },
  });
  admin = raClient(t.url, 'admin', (await t.account('admin')).token);
});
afterAll(async () => {
  await t.close();
  await sandboxes.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

type Seller = { ra: DataProvider; token: string };

const newSeller = async (): Promise<Seller> => {
  const { token } = await t.account('seller');
  return { ra: raClient(t.url, 'seller', token), token };
};

const RESOURCE = 'supplier-connections';

const connectWock = async (seller: Seller, apiKey: string = WOCK_SANDBOX_CREDENTIALS.apiKey) =>
  SellerSupplierConnectionSchema.parse(
    (
      await seller.ra.create(RESOURCE, {
        data: { supplier: 'wock', label: 'Main account', credentials: { apiKey } },
      })
    ).data,
  );

/** The console's "Test connection" button: a custom call beside the resource's five. */
const testConnection = async (seller: Seller, id: string) => {
  const res = await fetch(`${t.url}/api/seller/${RESOURCE}/${id}/test`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const switchWock = (enabled: boolean) =>
  admin.update('suppliers', { id: 'wock', data: { enabled }, previousData: { id: 'wock' } });

describe('POST /api/seller/supplier-connections', () => {
  it('answers each bad field of the chosen supplier’s credentials by its path', async () => {
    const seller = await newSeller();
    const cases: [unknown, string][] = [
      [{ supplier: 'g2a', label: 'x', credentials: {} }, 'supplier'],
      [{ supplier: 'wock', label: 'x', credentials: { apiKey: ' ' } }, 'credentials.apiKey'],
      [{ supplier: 'wock', label: '', credentials: { apiKey: 'k' } }, 'label'],
      [
        {
          supplier: 'codeswholesale',
          label: 'x',
          credentials: { clientId: '', clientSecret: 's' },
        },
        'credentials.clientId',
      ],
      [
        { supplier: 'prepaidforge', label: 'x', credentials: { email: 'no', password: 'p' } },
        'credentials.email',
      ],
    ];
    for (const [data, field] of cases) {
      const err = await rejection(seller.ra.create(RESOURCE, { data: data as object }));
      expect(err.status, field).toBe(400);
      expect(err.body.errors, field).toHaveProperty([field]);
    }
  });

  it('connects an account, answers a hint instead of the key and stores the key sealed', async () => {
    const seller = await newSeller();
    const created = await connectWock(seller);
    const { apiKey } = WOCK_SANDBOX_CREDENTIALS;
    expect(created).toMatchObject({
      supplier: 'wock',
      label: 'Main account',
      credentialsHint: `…${apiKey.slice(-4)}`,
      status: 'untested',
      lastCheck: null,
      breaker: 'closed',
      lastSyncAt: null,
      lastError: null,
    });
    const read = (await seller.ra.getOne(RESOURCE, { id: created.id })).data;
    for (const answer of [created, read]) {
      expect(answer).not.toHaveProperty('credentials');
      expect(JSON.stringify(answer)).not.toContain(apiKey);
    }

    const raw = await t.db.collection('supplierConnections').findOne({ label: 'Main account' });
    expect(JSON.stringify(raw)).not.toContain(apiKey);
    expect(JSON.parse(t.vault.decrypt(String(raw?.credentials)))).toEqual({ apiKey });
  });

  it('keeps one connection per supplier and refuses a supplier this server cannot reach', async () => {
    const seller = await newSeller();
    await connectWock(seller);
    const twice = await rejection(connectWock(seller));
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual({ supplier: 'You are already connected to Wock' });

    const unreachable = await rejection(
      seller.ra.create(RESOURCE, {
        data: { supplier: 'buygamesguru', label: 'BGG', credentials: { apiKey: 'bgg-key' } },
      }),
    );
    expect(unreachable.status).toBe(409);
    expect(unreachable.body.message).toBe('BuyGamesGuru is not available here');
  });
});

describe('POST /api/seller/supplier-connections/:id/test', () => {
  it('reaches each supplier with its own credentials and records the balance', async () => {
    const seller = await newSeller();
    for (const supplier of REACHABLE) {
      const { data } = await seller.ra.create(RESOURCE, {
        data: { supplier, label: supplier, credentials: SUPPLIER_SANDBOX_CREDENTIALS[supplier] },
      });
      const { status, body } = await testConnection(seller, String(data.id));
      expect(status, supplier).toBe(200);
      const tested = SellerSupplierConnectionSchema.parse(body);
      expect([tested.status, tested.lastCheck?.error], supplier).toEqual(['ok', null]);
      expect(tested.lastCheck?.balance?.cents, supplier).toBeGreaterThan(0);
    }
  });

  it('records the account’s balance when the supplier accepts the credentials', async () => {
    await fetch(`${wockUrl}/sandbox/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balanceCents: 123_456 }),
    });
    const seller = await newSeller();
    const { id } = await connectWock(seller);
    const { status, body } = await testConnection(seller, id);
    expect(status).toBe(200);
    const tested = SellerSupplierConnectionSchema.parse(body);
    expect(tested.status).toBe('ok');
    expect(tested.lastCheck).toMatchObject({
      ok: true,
      balance: { cents: 123_456, currency: 'eur' },
      error: null,
    });
    expect(tested.breaker).toBe('closed');
    // The list shows what the test found.
    const { data } = await seller.ra.getList(RESOURCE, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { supplier: 'wock' },
    });
    expect(data.map((c) => [c.id, c.status])).toEqual([[id, 'ok']]);
  });

  it('records a refusal of wrong credentials as failing, and new credentials start untested', async () => {
    const seller = await newSeller();
    const { id } = await connectWock(seller, 'wock_live_wrong_key_0000');
    const { status, body } = await testConnection(seller, id);
    expect(status).toBe(200);
    const failing = SellerSupplierConnectionSchema.parse(body);
    expect(failing.status).toBe('failing');
    expect(failing.lastCheck).toMatchObject({ ok: false, balance: null });
    expect(failing.lastCheck?.error).toMatch(/API key/);
    expect(failing.lastError?.message).toBe(failing.lastCheck?.error);

    // Replacing the key: untested again, then ok; the refusal stays as the last error.
    const { data: replaced } = await seller.ra.update(RESOURCE, {
      id,
      data: { ...failing, credentials: { ...WOCK_SANDBOX_CREDENTIALS } },
      previousData: failing,
    });
    expect(replaced).toMatchObject({
      status: 'untested',
      lastCheck: null,
      credentialsHint: `…${WOCK_SANDBOX_CREDENTIALS.apiKey.slice(-4)}`,
    });
    const ok = SellerSupplierConnectionSchema.parse((await testConnection(seller, id)).body);
    expect(ok.status).toBe('ok');
    expect(ok.lastError?.message).toBe(failing.lastCheck?.error);
  });

  it('opens the connection’s breaker after repeated failures and keeps it across requests', async () => {
    const seller = await newSeller();
    const { id } = await connectWock(seller);
    await fetch(`${wockUrl}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failNext5xx: 20 }),
    });
    try {
      let last = SellerSupplierConnectionSchema.parse((await testConnection(seller, id)).body);
      for (let i = 0; i < 3 && last.breaker !== 'open'; i++) {
        last = SellerSupplierConnectionSchema.parse((await testConnection(seller, id)).body);
      }
      expect(last.status).toBe('failing');
      expect(last.breaker).toBe('open');
      // Another request reads the same adapter's breaker, and the admin sees it open.
      expect((await seller.ra.getOne(RESOURCE, { id })).data.breaker).toBe('open');
      const wock = AdminSupplierSchema.parse(
        (await admin.getOne('suppliers', { id: 'wock' })).data,
      );
      expect(wock.breakers.open).toBeGreaterThanOrEqual(1);
    } finally {
      await fetch(`${wockUrl}/sandbox/faults`, { method: 'DELETE' });
    }
  });
});

describe('PUT /api/seller/supplier-connections/:id', () => {
  it('renames a connection and keeps its supplier and credentials', async () => {
    const seller = await newSeller();
    const created = await connectWock(seller);
    const { data } = await seller.ra.update(RESOURCE, {
      id: created.id,
      data: { ...created, label: 'EUR account' },
      previousData: created,
    });
    expect(data).toMatchObject({ label: 'EUR account', credentialsHint: created.credentialsHint });

    const moved = await rejection(
      seller.ra.update(RESOURCE, {
        id: created.id,
        data: { ...created, supplier: 'buygamesguru' },
        previousData: created,
      }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ supplier: 'A connection keeps its supplier' });
  });
});

describe('a seller’s connections are their own', () => {
  it('another seller can neither see, test, change nor delete one', async () => {
    const owner = await newSeller();
    const other = await newSeller();
    const created = await connectWock(owner);
    const { data, total } = await other.ra.getList(RESOURCE, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect([data, total]).toEqual([[], 0]);
    expect((await rejection(other.ra.getOne(RESOURCE, { id: created.id }))).status).toBe(404);
    expect((await testConnection(other, created.id)).status).toBe(404);
    const update = other.ra.update(RESOURCE, {
      id: created.id,
      data: { ...created, label: 'mine now' },
      previousData: created,
    });
    expect((await rejection(update)).status).toBe(404);
    const remove = other.ra.delete(RESOURCE, { id: created.id, previousData: created });
    expect((await rejection(remove)).status).toBe(404);
    expect((await owner.ra.getOne(RESOURCE, { id: created.id })).data.label).toBe('Main account');
  });
});

describe('the admin’s switch', () => {
  it('refuses connecting to and testing a supplier switched off for the marketplace', async () => {
    const connected = await newSeller();
    const { id } = await connectWock(connected);
    await switchWock(false);
    try {
      const refused = await rejection(connectWock(await newSeller()));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Wock is switched off for the marketplace');
      const test = await testConnection(connected, id);
      expect(test.status).toBe(409);
      expect(test.body.message).toBe('Wock is switched off for the marketplace');
    } finally {
      await switchWock(true);
    }
    expect((await testConnection(connected, id)).status).toBe(200);
  });

  it('counts the connections each supplier has across sellers', async () => {
    const count = async () =>
      AdminSupplierSchema.parse((await admin.getOne('suppliers', { id: 'wock' })).data).connections;
    const before = await count();
    const seller = await newSeller();
    const created = await connectWock(seller);
    expect(await count()).toBe(before + 1);
    const { data: deleted } = await seller.ra.delete(RESOURCE, {
      id: created.id,
      previousData: created,
    });
    expect(deleted).toMatchObject({ id: created.id, supplier: 'wock' });
    expect(deleted).not.toHaveProperty('credentials');
    expect(await count()).toBe(before);
    expect((await rejection(seller.ra.getOne(RESOURCE, { id: created.id }))).status).toBe(404);
    const { data: all } = await admin.getList('suppliers', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(all.find((s) => s.id === 'buygamesguru')?.connections).toBe(0);
  });
});
