import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProductSchema, StoreProductSchema, type ProductCreate } from '@market/shared';
import { createBrandRepository } from '../src/modules/brands/brands.repository.ts';
import { createOfferRepository } from '../src/modules/offers/offers.repository.ts';
import { errorsOf } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: DataProvider;
let adminToken: string;

beforeAll(async () => {
  t = await startTestServer();
  adminToken = await t.tokenFor('admin');
  admin = raClient(t.url, 'admin', adminToken);
  await createBrandRepository(t.db).upsert({ _id: 'northwind-games', name: 'Northwind Games' });
});
afterAll(() => t.close());

let n = 0;
/** A valid game key's fields; every call gets a fresh English name. */
function gameInput(overrides: Partial<ProductCreate> = {}): Record<string, unknown> {
  n += 1;
  return {
    name: { en: `Zephyr Quest ${n}`, it: `Ricerca di Zefiro ${n}` },
    description: { en: 'A sky adventure', it: 'Un’avventura nel cielo' },
    categoryId: 'games',
    brand: 'northwind-games',
    platform: 'steam',
    region: 'Global',
    type: 'key',
    images: [{ url: 'https://img.example/zephyr.jpg', shape: 'rectangle', size: 'large' }],
    tags: ['adventure'],
    ...overrides,
  };
}

async function create(input: Record<string, unknown> = gameInput()) {
  const { data } = await admin.create('products', { data: input });
  return AdminProductSchema.parse(data);
}

describe('POST /api/admin/products', () => {
  it('creates a product with a slug from the English name and the brand by its name', async () => {
    const product = await create(gameInput({ name: { en: 'Zephyr: Origins!', it: 'Zefiro' } }));
    expect(product).toMatchObject({
      slug: 'zephyr-origins',
      name: { en: 'Zephyr: Origins!', it: 'Zefiro' },
      brand: 'Northwind Games',
      platform: 'steam',
      denomination: null,
      prices: { eur: null, usd: null, gbp: null },
      offerCount: 0,
    });
    expect(product.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('numbers a derived slug that is taken, and refuses a given slug that is taken with 409', async () => {
    const first = await create(gameInput({ name: { en: 'Twin Peaks Rally', it: '' } }));
    const second = await create(gameInput({ name: { en: 'Twin Peaks Rally', it: '' } }));
    expect([first.slug, second.slug]).toEqual(['twin-peaks-rally', 'twin-peaks-rally-2']);

    const res = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: gameInput({ slug: 'twin-peaks-rally' }),
    });
    expect(res.status).toBe(409);
    expect(await errorsOf(res)).toHaveProperty('slug');
  });

  it('takes a gift card with its denomination', async () => {
    const card = await create(
      gameInput({
        categoryId: 'cards',
        type: 'giftcard',
        platform: 'marketplace',
        denomination: { amount: 2500, currency: 'eur' },
      }),
    );
    expect(card.denomination).toEqual({ amount: 2500, currency: 'eur' });
  });

  it('answers field errors for missing and malformed fields', async () => {
    const res = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: {
        name: { en: ' ', it: 'Solo italiano' },
        categoryId: 'toys',
        region: 'Mars',
        type: 'key',
        images: [{ url: 'javascript:alert(1)', shape: 'square', size: 'large' }],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(await errorsOf(res))).toEqual(
      expect.arrayContaining([
        'name.en',
        'categoryId',
        'brand',
        'platform',
        'region',
        'images.0.url',
        'images.0.shape',
      ]),
    );
  });

  it('requires a denomination on a gift card and refuses one on other types', async () => {
    const card = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: gameInput({ categoryId: 'cards', type: 'giftcard' }),
    });
    expect(card.status).toBe(400);
    expect(await errorsOf(card)).toEqual({ denomination: 'A gift card needs a denomination' });

    const game = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: gameInput({ denomination: { amount: 1000, currency: 'usd' } }),
    });
    expect(game.status).toBe(400);
    expect(await errorsOf(game)).toEqual({ denomination: 'Only gift cards have a denomination' });
  });

  it('refuses an unknown platform and an unknown brand', async () => {
    const platform = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: gameInput({ platform: 'sega-saturn' }),
    });
    expect(platform.status).toBe(400);
    expect(await errorsOf(platform)).toEqual({ platform: 'Unknown platform' });

    const brand = await t.call('POST', '/api/admin/products', {
      token: adminToken,
      body: gameInput({ brand: 'Nobody Inc' }),
    });
    expect(brand.status).toBe(400);
    expect(await errorsOf(brand)).toHaveProperty('brand');
  });

  it('is closed to guests, buyers and sellers', async () => {
    const body = gameInput();
    expect((await t.call('POST', '/api/admin/products', { body })).status).toBe(401);
    for (const role of ['user', 'seller'] as const) {
      const token = await t.tokenFor(role);
      expect((await t.call('POST', '/api/admin/products', { token, body })).status).toBe(403);
      expect((await t.call('GET', '/api/admin/products', { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/admin/products')).status).toBe(401);
  });
});

describe('GET /api/admin/products', () => {
  it('lists with the total, searches names in either language and filters', async () => {
    const tag = `Nimbus${Date.now()}`;
    const a = await create(gameInput({ name: { en: `${tag} Alpha`, it: 'Primo' } }));
    const b = await create(
      gameInput({ name: { en: 'Second', it: `${tag} Beta` }, platform: 'gog', region: 'ROW' }),
    );
    const both = await admin.getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name.en', order: 'ASC' },
      filter: { q: tag.toLowerCase() },
    });
    expect(both.total).toBe(2);
    expect(both.data.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(AdminProductSchema.array().parse(both.data)[0]).toEqual(a);

    const rowOnGog = await admin.getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: tag, platform: 'gog', region: 'ROW', categoryId: 'games', type: 'key' },
    });
    expect(rowOnGog.data.map((p) => p.id)).toEqual([b.id]);
  });

  it('pages the whole catalogue with a Content-Range total', async () => {
    await create();
    await create();
    const page = await admin.getList('products', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'eurMin', order: 'ASC' },
      filter: {},
    });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('answers getMany by ids, skipping ids that cannot exist', async () => {
    const [a, b] = [await create(), await create()];
    const { data } = await admin.getMany('products', { ids: [a.id, b.id, 'nope'] });
    expect(data.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses an unknown filter value with a field error', async () => {
    const filter = encodeURIComponent(JSON.stringify({ type: 'dvd' }));
    const res = await t.call('GET', `/api/admin/products?filter=${filter}`, { token: adminToken });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toHaveProperty(['filter.type']);
  });
});

describe('GET /api/admin/products/:id', () => {
  it('answers a product with its offer count', async () => {
    const product = await create();
    const { data } = await admin.getOne('products', { id: product.id });
    expect(AdminProductSchema.parse(data)).toEqual(product);
  });

  it('answers 404 for unknown ids and ids that cannot exist', async () => {
    for (const id of [new ObjectId().toHexString(), 'nope']) {
      const res = await t.call('GET', `/api/admin/products/${id}`, { token: adminToken });
      expect(res.status).toBe(404);
    }
  });
});

describe('PUT /api/admin/products/:id', () => {
  it('changes the fields sent and ignores the read-only ones of the record', async () => {
    const product = await create();
    const { data } = await admin.update('products', {
      id: product.id,
      data: {
        ...product,
        name: { en: 'Zephyr Reborn', it: 'Zefiro rinato' },
        slug: `zephyr-reborn-${n}`,
        region: 'ROW',
        offerCount: 99,
        prices: { eur: { min: 1, max: 1 }, usd: null, gbp: null },
      },
      previousData: product,
    });
    const updated = AdminProductSchema.parse(data);
    expect(updated).toMatchObject({
      name: { en: 'Zephyr Reborn', it: 'Zefiro rinato' },
      slug: `zephyr-reborn-${n}`,
      region: 'ROW',
      offerCount: 0,
      prices: { eur: null, usd: null, gbp: null },
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
  });

  it('turns a game into a gift card only with a denomination, and back without one', async () => {
    const product = await create();
    const bare = await t.call('PUT', `/api/admin/products/${product.id}`, {
      token: adminToken,
      body: { type: 'giftcard' },
    });
    expect(bare.status).toBe(400);
    expect(await errorsOf(bare)).toHaveProperty('denomination');

    const card = await t.call('PUT', `/api/admin/products/${product.id}`, {
      token: adminToken,
      body: { type: 'giftcard', denomination: { amount: 5000, currency: 'gbp' } },
    });
    expect(AdminProductSchema.parse(await card.json()).denomination).toEqual({
      amount: 5000,
      currency: 'gbp',
    });

    const back = await t.call('PUT', `/api/admin/products/${product.id}`, {
      token: adminToken,
      body: { type: 'key', denomination: null },
    });
    expect(AdminProductSchema.parse(await back.json()).denomination).toBeNull();
  });

  it("refuses another product's slug with 409 and an unknown platform with 400", async () => {
    const [a, b] = [await create(), await create()];
    const taken = await t.call('PUT', `/api/admin/products/${b.id}`, {
      token: adminToken,
      body: { slug: a.slug },
    });
    expect(taken.status).toBe(409);
    expect(await errorsOf(taken)).toHaveProperty('slug');

    const platform = await t.call('PUT', `/api/admin/products/${b.id}`, {
      token: adminToken,
      body: { platform: 'amiga' },
    });
    expect(platform.status).toBe(400);
    expect(await errorsOf(platform)).toHaveProperty('platform');
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('deletes a product nobody offers', async () => {
    const product = await create();
    await admin.delete('products', { id: product.id, previousData: product });
    const res = await t.call('GET', `/api/admin/products/${product.id}`, { token: adminToken });
    expect(res.status).toBe(404);
  });

  it('refuses with 409 while an offer exists on the product, of any status', async () => {
    const product = await create();
    const now = new Date();
    await createOfferRepository(t.db).insert({
      _id: new ObjectId(),
      productId: new ObjectId(product.id),
      sellerId: 'shop-paused',
      prices: { eur: 1000, usd: 1100, gbp: 900 },
      stock: 0,
      zeroVat: false,
      status: 'paused',
      createdAt: now,
      updatedAt: now,
    });
    const res = await t.call('DELETE', `/api/admin/products/${product.id}`, { token: adminToken });
    expect(res.status).toBe(409);
    const { data } = await admin.getOne('products', { id: product.id });
    expect(data.offerCount).toBe(1);
  });
});

describe('a new product on the storefront', () => {
  it('is served at once by info-multiple, in Italian, and in English where Italian is empty', async () => {
    const named = await create(gameInput({ name: { en: 'Lantern Keeper', it: 'Guardiano' } }));
    const plain = await create(gameInput({ name: { en: 'Harbor Watch', it: '' } }));
    const res = await t.call('POST', '/api/public/products/info-multiple', {
      body: { productIdList: [named.id, plain.id], locale: 'it' },
    });
    expect(res.status).toBe(200);
    const items = StoreProductSchema.array().parse(await res.json());
    expect(items.map((p) => [p.id, p.name])).toEqual([
      [named.id, 'Guardiano'],
      [plain.id, 'Harbor Watch'],
    ]);
    expect(items[0]!.subcategory).toEqual({ id: 'northwind-games', name: 'Northwind Games' });
  });
});
