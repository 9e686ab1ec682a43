import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProductSchema, ProductProposalSchema } from '@market/shared';
import { errorsOf } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
let adminToken: string;
let admin: DataProvider;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([t.account('seller'), t.account('seller')]);
  adminToken = await t.tokenFor('admin');
  admin = raClient(t.url, 'admin', adminToken);
});
afterAll(() => t.close());

let n = 0;
const proposalInput = (overrides: Record<string, unknown> = {}) => ({
  name: { en: `Comet Drifter ${++n}`, it: `Vagabondo della cometa ${n}` },
  description: { en: 'Racing in space', it: 'Corse nello spazio' },
  categoryId: 'games',
  brand: 'Brand New Studio',
  platform: 'steam',
  region: 'Global',
  type: 'key',
  note: 'Our publisher sent us 500 keys',
  ...overrides,
});

async function propose(seller: TestAccount, overrides: Record<string, unknown> = {}) {
  const { data } = await raClient(t.url, 'seller', seller.token).create('product-proposals', {
    data: proposalInput(overrides),
  });
  return ProductProposalSchema.parse(data);
}

describe('POST /api/seller/product-proposals', () => {
  it('records a pending proposal of the calling seller', async () => {
    const proposal = await propose(a);
    expect(proposal).toMatchObject({
      sellerId: a.sellerId,
      status: 'pending',
      reason: null,
      productId: null,
      note: 'Our publisher sent us 500 keys',
    });
  });

  it('checks the product fields: the gift-card rule and the platform', async () => {
    const res = await t.call('POST', '/api/seller/product-proposals', {
      token: a.token,
      body: proposalInput({ type: 'giftcard', platform: 'dreamcast', name: { en: '' } }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(await errorsOf(res))).toEqual(
      expect.arrayContaining(['name.en', 'denomination']),
    );
    const platform = await t.call('POST', '/api/seller/product-proposals', {
      token: a.token,
      body: proposalInput({ platform: 'dreamcast' }),
    });
    expect(platform.status).toBe(400);
    expect(await errorsOf(platform)).toEqual({ platform: 'Unknown platform' });
  });

  it('is closed to guests, buyers and admins', async () => {
    expect((await t.call('POST', '/api/seller/product-proposals', { body: {} })).status).toBe(401);
    for (const role of ['user', 'admin'] as const) {
      const token = await t.tokenFor(role);
      const res = await t.call('GET', '/api/seller/product-proposals', { token });
      expect(res.status).toBe(403);
    }
  });
});

describe('GET /api/seller/product-proposals', () => {
  it("lists only the seller's own proposals, and another seller's answers 404", async () => {
    const seller = await t.account('seller');
    const mine = await propose(seller);
    const theirs = await propose(b);
    const client = raClient(t.url, 'seller', seller.token);
    const list = await client.getList('product-proposals', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(list.total).toBe(1);
    expect(list.data).toEqual([mine]);
    expect((await client.getOne('product-proposals', { id: mine.id })).data).toEqual(mine);

    const res = await t.call('GET', `/api/seller/product-proposals/${theirs.id}`, {
      token: seller.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/product-proposals/:id/approve', () => {
  it('creates the product (and its new brand) and records its id', async () => {
    const proposal = await propose(a, { brand: `Fresh Brand ${Date.now()}` });
    const res = await t.call('POST', `/api/admin/product-proposals/${proposal.id}/approve`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const approved = ProductProposalSchema.parse(await res.json());
    expect(approved.status).toBe('approved');
    expect(approved.productId).toMatch(/^[0-9a-f]{24}$/);

    const { data } = await admin.getOne('products', { id: approved.productId! });
    expect(AdminProductSchema.parse(data)).toMatchObject({
      name: proposal.name,
      brand: proposal.brand,
      platform: 'steam',
      offerCount: 0,
    });

    const mine = await raClient(t.url, 'seller', a.token).getOne('product-proposals', {
      id: proposal.id,
    });
    expect(mine.data).toMatchObject({ status: 'approved', productId: approved.productId });
  });

  it('answers 409 to a second approval and creates no second product', async () => {
    const proposal = await propose(a);
    const path = `/api/admin/product-proposals/${proposal.id}/approve`;
    expect((await t.call('POST', path, { token: adminToken })).status).toBe(200);
    expect((await t.call('POST', path, { token: adminToken })).status).toBe(409);
    const products = await admin.getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: proposal.name.en },
    });
    expect(products.total).toBe(1);
  });

  it('answers 404 for an unknown proposal and 403 to a seller', async () => {
    const unknown = `/api/admin/product-proposals/${new ObjectId().toHexString()}/approve`;
    expect((await t.call('POST', unknown, { token: adminToken })).status).toBe(404);
    const proposal = await propose(a);
    const path = `/api/admin/product-proposals/${proposal.id}/approve`;
    expect((await t.call('POST', path, { token: a.token })).status).toBe(403);
  });
});

describe('POST /api/admin/product-proposals/:id/reject', () => {
  it('needs a reason, then rejects with it; a rejected proposal cannot be approved', async () => {
    const proposal = await propose(b);
    const path = `/api/admin/product-proposals/${proposal.id}/reject`;
    const bare = await t.call('POST', path, { token: adminToken, body: { reason: '  ' } });
    expect(bare.status).toBe(400);
    expect(await errorsOf(bare)).toHaveProperty('reason');

    const res = await t.call('POST', path, {
      token: adminToken,
      body: { reason: 'Already in the catalogue' },
    });
    expect(ProductProposalSchema.parse(await res.json())).toMatchObject({
      status: 'rejected',
      reason: 'Already in the catalogue',
      productId: null,
    });
    const approve = `/api/admin/product-proposals/${proposal.id}/approve`;
    expect((await t.call('POST', approve, { token: adminToken })).status).toBe(409);
  });
});

describe('GET /api/admin/product-proposals', () => {
  it("lists every seller's proposals and filters by status", async () => {
    const [pa, pb] = [await propose(a), await propose(b)];
    await t.call('POST', `/api/admin/product-proposals/${pb.id}/reject`, {
      token: adminToken,
      body: { reason: 'Duplicate' },
    });
    const pending = await admin.getList('product-proposals', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending' },
    });
    const ids = pending.data.map((p) => p.id);
    expect(ids).toContain(pa.id);
    expect(ids).not.toContain(pb.id);
    expect((await admin.getOne('product-proposals', { id: pb.id })).data.status).toBe('rejected');
  });
});
