import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBrandSchema,
  AdminCategorySchema,
  AdminMacrocategorySchema,
  AdminPlatformSchema,
  ApiErrorSchema,
  CategoryDeleteResultSchema,
  HomeContentSchema,
  MacrocategorySchema,
  PublicCategorySchema,
  PublicStateSchema,
  StoreProductSchema,
  TagSchema,
  type Banner,
} from '@market/shared';
import { createCategoryRepository } from '../src/modules/categories/categories.repository.ts';
import { ensureReferenceData } from '../src/seed/seed.ts';
import { expectFieldErrors, newProduct, productDoc, rejection } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: DataProvider;
let adminToken: string;
let userToken: string;
let sellerToken: string;

beforeAll(async () => {
  t = await startTestServer();
  [adminToken, userToken, sellerToken] = await Promise.all([
    t.tokenFor('admin'),
    t.tokenFor('user'),
    t.tokenFor('seller'),
  ]);
  admin = raClient(t.url, 'admin', adminToken);
});
afterAll(() => t.close());

const publicState = async (locale = 'en') => {
  const res = await fetch(`${t.url}/api/public/state?locale=${locale}`);
  expect(res.status).toBe(200);
  return PublicStateSchema.parse(await res.json());
};

describe('admin reference data: access', () => {
  const paths = [
    ['GET', '/api/admin/categories'],
    ['POST', '/api/admin/categories/edit'],
    ['POST', '/api/admin/categories/delete'],
    ['GET', '/api/admin/macrocategories'],
    ['POST', '/api/admin/platforms'],
    ['PUT', '/api/admin/brands/x'],
    ['DELETE', '/api/admin/tags/x'],
    ['GET', '/api/admin/home-content/home'],
  ] as const;
  const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

  it('answers 401 to guests', async () => {
    for (const [method, path] of paths) {
      expect(
        (await t.call(method, path, { body: bodyFor(method) })).status,
        `${method} ${path}`,
      ).toBe(401);
    }
  });

  it('answers 403 to buyers and sellers', async () => {
    for (const token of [userToken, sellerToken]) {
      for (const [method, path] of paths) {
        const res = await t.call(method, path, { token, body: bodyFor(method) });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
  });
});

describe('/api/admin/categories', () => {
  it('lists the four categories by position with a total, and reads one and many', async () => {
    const list = await admin.getList('categories', {
      sort: { field: 'position', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(list.total).toBe(4);
    expect(list.data.map((c) => c.id)).toEqual(['games', 'softwares', 'cards', 'accounts']);
    expect(AdminCategorySchema.parse(list.data[2])).toEqual({
      id: 'cards',
      position: 3,
      name: { en: 'Gift cards', it: 'Carte regalo' },
    });

    const one = await admin.getOne('categories', { id: 'games' });
    expect(one.data.name).toEqual({ en: 'Games', it: 'Giochi' });

    const many = await admin.getMany('categories', { ids: ['cards', 'games'] });
    expect(many.data.map((c) => c.id).sort()).toEqual(['cards', 'games']);
  });

  it('updates position and both names, and the public lists follow', async () => {
    const { data } = await admin.update('categories', {
      id: 'cards',
      data: { id: 'cards', position: 7, name: { en: 'Gift cards', it: 'Buoni regalo' } },
      previousData: { id: 'cards' },
    });
    expect(data).toEqual({
      id: 'cards',
      position: 7,
      name: { en: 'Gift cards', it: 'Buoni regalo' },
    });
    const res = await t.call('POST', '/api/public/categories/get-by-id', {
      body: { id: 'cards', locale: 'it' },
    });
    expect(PublicCategorySchema.parse(await res.json())).toEqual({
      id: 'cards',
      position: 7,
      name: 'Buoni regalo',
    });
  });

  it('refuses an empty Italian name and a negative position with field errors', async () => {
    const res = await t.call('PUT', '/api/admin/categories/games', {
      token: adminToken,
      body: { position: -1, name: { en: 'Games', it: ' ' } },
    });
    await expectFieldErrors(res, 400, ['position', 'name.it']);
    const err = await rejection(
      admin.update('categories', {
        id: 'games',
        data: { position: 1, name: { en: '' } },
        previousData: { id: 'games' },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.body.errors).toHaveProperty(['name.en']);
  });

  it('answers 404 for an id that is not a category', async () => {
    expect((await rejection(admin.getOne('categories', { id: 'nope' }))).status).toBe(404);
    const res = await t.call('PUT', '/api/admin/categories/nope', {
      token: adminToken,
      body: { position: 1, name: { en: 'A', it: 'B' } },
    });
    expect(res.status).toBe(404);
  });

  it('has no create: the four ids are fixed', async () => {
    const res = await t.call('POST', '/api/admin/categories', {
      token: adminToken,
      body: { id: 'bundles', position: 5, name: { en: 'Bundles', it: 'Pacchetti' } },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/categories/edit', () => {
  it('applies the translated part (category) and the rest (categoryNotTrans)', async () => {
    const res = await t.call('POST', '/api/admin/categories/edit', {
      token: adminToken,
      body: {
        category: { id: 'softwares', name: { en: 'Software & apps', it: 'Software e app' } },
        categoryNotTrans: { position: 2 },
      },
    });
    expect(res.status).toBe(200);
    expect(AdminCategorySchema.parse(await res.json())).toEqual({
      id: 'softwares',
      position: 2,
      name: { en: 'Software & apps', it: 'Software e app' },
    });
    expect((await admin.getOne('categories', { id: 'softwares' })).data.name.it).toBe(
      'Software e app',
    );
  });

  it('refuses a missing part, an unknown id and a missing name with field errors', async () => {
    await expectFieldErrors(
      await t.call('POST', '/api/admin/categories/edit', {
        token: adminToken,
        body: { category: { id: 'bundles', name: { en: 'Bundles' } } },
      }),
      400,
      ['category.id', 'category.name.it', 'categoryNotTrans'],
    );
  });
});

describe('deleting categories', () => {
  it('refuses with 409 naming the count while the category holds products', async () => {
    await newProduct(t.db, { categoryId: 'games' });
    await newProduct(t.db, { categoryId: 'games' });
    const res = await t.call('POST', '/api/admin/categories/delete', {
      token: adminToken,
      body: { categoryIds: ['games', 'accounts'] },
    });
    expect(res.status).toBe(409);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.message).toMatch(/\b2 products\b/);
    expect(body.message).toContain('games');
    // All or nothing: the empty category was not deleted either.
    expect((await admin.getOne('categories', { id: 'accounts' })).data.id).toBe('accounts');

    const err = await rejection(
      admin.delete('categories', { id: 'games', previousData: { id: 'games' } }),
    );
    expect(err.status).toBe(409);
  });

  it('refuses ids that are not categories and an empty list', async () => {
    await expectFieldErrors(
      await t.call('POST', '/api/admin/categories/delete', {
        token: adminToken,
        body: { categoryIds: ['nope'] },
      }),
      400,
      ['categoryIds.0'],
    );
    await expectFieldErrors(
      await t.call('POST', '/api/admin/categories/delete', {
        token: adminToken,
        body: { categoryIds: [] },
      }),
      400,
      ['categoryIds'],
    );
  });

  it('deletes empty categories (spec call and REST), and they stay deleted across restarts', async () => {
    const res = await t.call('POST', '/api/admin/categories/delete', {
      token: adminToken,
      body: { categoryIds: ['accounts'] },
    });
    expect(res.status).toBe(200);
    expect(CategoryDeleteResultSchema.parse(await res.json())).toEqual({ deleted: ['accounts'] });
    const { data } = await admin.delete('categories', {
      id: 'softwares',
      previousData: { id: 'softwares' },
    });
    expect(data.id).toBe('softwares');

    // A restart runs the reference-data step again; it must not bring them back.
    await createCategoryRepository(t.db).ensureDefaults();
    await ensureReferenceData(t.db);

    const list = await admin.getList('categories', {
      sort: { field: 'position', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(list.total).toBe(2);
    expect(list.data.map((c) => c.id)).toEqual(['games', 'cards']);
    const state = await publicState();
    expect(state.categories.map((c) => c.id)).toEqual(['games', 'cards']);
    expect((await rejection(admin.getOne('categories', { id: 'accounts' }))).status).toBe(404);

    const again = await t.call('POST', '/api/admin/categories/delete', {
      token: adminToken,
      body: { categoryIds: ['accounts'] },
    });
    expect(again.status).toBe(404);
  });
});

describe('/api/admin/macrocategories', () => {
  it('creates with the slug of the English name, lists, reads, updates and deletes', async () => {
    const created = await admin.create('macrocategories', {
      data: { name: { en: 'Open World', it: 'Mondo aperto' } },
    });
    expect(AdminMacrocategorySchema.parse(created.data)).toEqual({
      id: 'open-world',
      name: { en: 'Open World', it: 'Mondo aperto' },
    });

    const list = await admin.getList('macrocategories', {
      sort: { field: 'name.en', order: 'ASC' },
      pagination: { page: 1, perPage: 5 },
      filter: {},
    });
    expect(list.total).toBe(9);
    expect(list.data).toHaveLength(5);
    expect(list.data[0]?.id).toBe('action');

    const found = await admin.getList('macrocategories', {
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: { q: 'mondo' },
    });
    expect(found.data.map((m) => m.id)).toEqual(['open-world']);

    const many = await admin.getMany('macrocategories', { ids: ['rpg', 'open-world'] });
    expect(many.data).toHaveLength(2);

    const updated = await admin.update('macrocategories', {
      id: 'open-world',
      data: { id: 'open-world', name: { en: 'Open world', it: 'Esplorazione libera' } },
      previousData: { id: 'open-world' },
    });
    expect(updated.data.name.it).toBe('Esplorazione libera');

    // The public list keeps sorting by the name in the locale.
    const res = await t.call('POST', '/api/public/macrocategories/get', { body: { locale: 'it' } });
    const names = MacrocategorySchema.array()
      .parse(await res.json())
      .map((m) => m.name);
    expect(names).toContain('Esplorazione libera');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));

    await admin.delete('macrocategories', { id: 'open-world', previousData: { id: 'open-world' } });
    expect((await rejection(admin.getOne('macrocategories', { id: 'open-world' }))).status).toBe(
      404,
    );
  });

  it('refuses a duplicate English name with 409 on name.en', async () => {
    const err = await rejection(
      admin.create('macrocategories', { data: { name: { en: 'RPG', it: 'Altro GDR' } } }),
    );
    expect(err.status).toBe(409);
    expect(err.body.errors).toHaveProperty(['name.en']);
  });

  it('refuses missing names with field errors', async () => {
    await expectFieldErrors(
      await t.call('POST', '/api/admin/macrocategories', {
        token: adminToken,
        body: { name: { en: 'Puzzle' } },
      }),
      400,
      ['name.it'],
    );
    await expectFieldErrors(
      await t.call('POST', '/api/admin/macrocategories', {
        token: adminToken,
        body: { name: { en: '!!!', it: 'Punti' } },
      }),
      400,
      ['name.en'],
    );
  });

  it('answers 404 for unknown ids on read, update and delete', async () => {
    expect((await rejection(admin.getOne('macrocategories', { id: 'nope' }))).status).toBe(404);
    const put = await t.call('PUT', '/api/admin/macrocategories/nope', {
      token: adminToken,
      body: { name: { en: 'A', it: 'B' } },
    });
    expect(put.status).toBe(404);
    expect(
      (await t.call('DELETE', '/api/admin/macrocategories/nope', { token: adminToken })).status,
    ).toBe(404);
  });
});

describe('/api/admin/platforms', () => {
  it('lists the 21 platforms by position and reads one and many', async () => {
    const list = await admin.getList('platforms', {
      sort: { field: 'position', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(list.total).toBe(21);
    expect(list.data).toHaveLength(10);
    expect(list.data[0]?.id).toBe('marketplace');
    const one = AdminPlatformSchema.parse(
      (await admin.getOne('platforms', { id: 'ps-vita' })).data,
    );
    expect(one).toMatchObject({ name: 'PS Vita', guidePath: null });
    const many = await admin.getMany('platforms', { ids: ['steam', 'gog'] });
    expect(many.data.map((p) => p.name).sort()).toEqual(['GOG', 'Steam']);
  });

  it('creates a platform with a slug id, edits its guide path, and deletes it', async () => {
    const { data } = await admin.create('platforms', {
      data: { name: 'Battle.net', guidePath: null, position: 30 },
    });
    expect(data).toEqual({ id: 'battle-net', name: 'Battle.net', guidePath: null, position: 30 });

    await admin.update('platforms', {
      id: 'battle-net',
      data: { ...data, guidePath: '/support/docs/guides/battle-net' },
      previousData: data,
    });
    let state = await publicState();
    expect(state.platforms.at(-1)).toEqual({
      slug: 'battle-net',
      name: 'Battle.net',
      guidePath: '/support/docs/guides/battle-net',
    });

    await admin.delete('platforms', { id: 'battle-net', previousData: data });
    state = await publicState();
    expect(state.platforms.map((p) => p.slug)).not.toContain('battle-net');
  });

  it('refuses to delete a platform products use, naming the count', async () => {
    await newProduct(t.db, { platform: 'rockstar' });
    const res = await t.call('DELETE', '/api/admin/platforms/rockstar', { token: adminToken });
    expect(res.status).toBe(409);
    expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/\b1 product is\b/);
  });

  it('refuses a taken id with 409, and a guide path that is not a path with 400', async () => {
    const err = await rejection(
      admin.create('platforms', { data: { id: 'steam', name: 'Steam 2', position: 1 } }),
    );
    expect(err.status).toBe(409);
    expect(err.body.errors).toHaveProperty('id');
    await expectFieldErrors(
      await t.call('PUT', '/api/admin/platforms/gog', {
        token: adminToken,
        body: { name: 'GOG', guidePath: 'https://evil.example', position: 3 },
      }),
      400,
      ['guidePath'],
    );
    await expectFieldErrors(
      await t.call('POST', '/api/admin/platforms', {
        token: adminToken,
        body: { id: 'Not A Slug', name: '', position: 'first' },
      }),
      400,
      ['id', 'name', 'position'],
    );
  });

  it('answers 404 for an unknown platform', async () => {
    expect((await rejection(admin.getOne('platforms', { id: 'nope' }))).status).toBe(404);
    expect(
      (await t.call('DELETE', '/api/admin/platforms/nope', { token: adminToken })).status,
    ).toBe(404);
  });
});

describe('/api/admin/brands', () => {
  it('creates, lists with a name filter, reads, renames and deletes', async () => {
    const { data } = await admin.create('brands', { data: { name: 'Lumen Interactive' } });
    expect(AdminBrandSchema.parse(data)).toEqual({
      id: 'lumen-interactive',
      name: 'Lumen Interactive',
    });
    await admin.create('brands', { data: { name: 'Umbra Soft' } });

    const found = await admin.getList('brands', {
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: { q: 'lumen' },
    });
    expect(found.total).toBe(1);
    expect(found.data[0]?.name).toBe('Lumen Interactive');

    const many = await admin.getMany('brands', { ids: ['lumen-interactive', 'umbra-soft'] });
    expect(many.data).toHaveLength(2);
    expect((await admin.getOne('brands', { id: 'umbra-soft' })).data.name).toBe('Umbra Soft');

    const renamed = await admin.update('brands', {
      id: 'umbra-soft',
      data: { id: 'umbra-soft', name: 'Umbra Software' },
      previousData: { id: 'umbra-soft' },
    });
    expect(renamed.data.name).toBe('Umbra Software');

    await admin.delete('brands', { id: 'umbra-soft', previousData: { id: 'umbra-soft' } });
    expect((await rejection(admin.getOne('brands', { id: 'umbra-soft' }))).status).toBe(404);
  });

  it('refuses a duplicate name with 409 and errors.name', async () => {
    await admin.create('brands', { data: { name: 'Copper Hill' } });
    const err = await rejection(
      admin.create('brands', { data: { id: 'copper-hill-2', name: 'Copper Hill' } }),
    );
    expect(err.status).toBe(409);
    expect(err.body.errors).toHaveProperty('name');
    await admin.create('brands', { data: { name: 'Iron Vale' } });
    const rename = await t.call('PUT', '/api/admin/brands/iron-vale', {
      token: adminToken,
      body: { name: 'Copper Hill' },
    });
    await expectFieldErrors(rename, 409, ['name']);
  });

  it('keeps products on a renamed brand, and refuses to delete it while they use it', async () => {
    await admin.create('brands', { data: { name: 'Saffron Works' } });
    const byName = await newProduct(t.db, { brand: 'Saffron Works' });
    const bySlug = await newProduct(t.db, { brand: 'saffron-works' });
    await admin.update('brands', {
      id: 'saffron-works',
      data: { name: 'Saffron Studios' },
      previousData: { id: 'saffron-works' },
    });
    expect((await productDoc(t.db, byName))?.brand).toBe('Saffron Studios');
    const info = await t.call('POST', '/api/public/products/info-multiple', {
      body: { productIdList: [byName], locale: 'en' },
    });
    const [item] = StoreProductSchema.array().parse(await info.json());
    expect(item?.subcategory).toEqual({ id: 'saffron-works', name: 'Saffron Studios' });

    const res = await t.call('DELETE', '/api/admin/brands/saffron-works', { token: adminToken });
    expect(res.status).toBe(409);
    expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/\b2 products\b/);
    expect((await productDoc(t.db, bySlug))?.brand).toBe('saffron-works');
  });

  it('refuses an empty name and a bad id with field errors, and 404s unknown brands', async () => {
    await expectFieldErrors(
      await t.call('POST', '/api/admin/brands', {
        token: adminToken,
        body: { id: 'Bad Id', name: '' },
      }),
      400,
      ['id', 'name'],
    );
    expect((await rejection(admin.getOne('brands', { id: 'nope' }))).status).toBe(404);
    const put = await t.call('PUT', '/api/admin/brands/nope', {
      token: adminToken,
      body: { name: 'Whatever' },
    });
    expect(put.status).toBe(404);
  });
});

describe('/api/admin/tags', () => {
  it('creates, lists, reads, updates and deletes, pulling the tag off products', async () => {
    const { data } = await admin.create('tags', {
      data: { name: { en: 'Co-op', it: 'Cooperativo' } },
    });
    expect(TagSchema.parse(data)).toEqual({
      id: 'co-op',
      name: { en: 'Co-op', it: 'Cooperativo' },
    });
    const tagged = await newProduct(t.db, { tags: ['co-op', 'indie'] });

    const list = await admin.getList('tags', {
      sort: { field: 'name.en', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: { q: 'coop' },
    });
    expect(list.data.map((tag) => tag.id)).toEqual(['co-op']);
    expect((await admin.getMany('tags', { ids: ['co-op'] })).data).toHaveLength(1);

    await admin.update('tags', {
      id: 'co-op',
      data: { id: 'co-op', name: { en: 'Co-op', it: 'Cooperativa' } },
      previousData: data,
    });
    const state = await publicState('it');
    expect(state.tags.find((tag) => tag.tag === 'co-op')?.name).toBe('Cooperativa');

    await admin.delete('tags', { id: 'co-op', previousData: data });
    expect((await productDoc(t.db, tagged))?.tags).toEqual(['indie']);
    expect((await rejection(admin.getOne('tags', { id: 'co-op' }))).status).toBe(404);
  });

  it('back-fills a document for every tag products use', async () => {
    await newProduct(t.db, { tags: ['split-screen'] });
    await ensureReferenceData(t.db);
    const { data } = await admin.getOne('tags', { id: 'split-screen' });
    expect(data.name).toEqual({ en: 'Split screen', it: 'Split screen' });
  });

  it('refuses a duplicate with 409, missing names with 400, unknown ids with 404', async () => {
    await admin.create('tags', { data: { name: { en: 'Roguelike', it: 'Roguelike' } } });
    const err = await rejection(
      admin.create('tags', { data: { name: { en: 'Roguelike', it: 'Rogue' } } }),
    );
    expect(err.status).toBe(409);
    expect(err.body.errors).toHaveProperty(['name.en']);
    await expectFieldErrors(
      await t.call('POST', '/api/admin/tags', { token: adminToken, body: { name: { it: 'x' } } }),
      400,
      ['name.en'],
    );
    expect((await t.call('DELETE', '/api/admin/tags/nope', { token: adminToken })).status).toBe(
      404,
    );
  });
});

describe('/api/admin/home-content and the home of the public state', () => {
  const banner = (title: string, active = true): Banner => ({
    title: { en: title, it: `${title} (it)` },
    subtitle: { en: `${title} subtitle`, it: `${title} sottotitolo` },
    imageUrl: 'https://img.example/banner.jpg',
    linkUrl: '/category/games',
    active,
  });

  it('starts empty: the list holds the one record, and the state falls back', async () => {
    const list = await admin.getList('home-content', {
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(list.total).toBe(1);
    expect(HomeContentSchema.parse(list.data[0])).toEqual({
      id: 'home',
      featuredProductIds: [],
      banners: [],
      updatedAt: null,
    });
    expect((await publicState()).home.banners).toEqual([]);
  });

  it('saves featured products in order and banners; the state serves them in the locale', async () => {
    const first = await newProduct(t.db);
    const second = await newProduct(t.db, {
      name: { en: 'Reference Probe', it: 'Sonda di riferimento' },
    });
    const { data } = await admin.update('home-content', {
      id: 'home',
      data: {
        id: 'home',
        featuredProductIds: [second, first],
        banners: [banner('Summer sale'), banner('Hidden', false)],
      },
      previousData: { id: 'home' },
    });
    expect(HomeContentSchema.parse(data).featuredProductIds).toEqual([second, first]);
    const one = HomeContentSchema.parse((await admin.getOne('home-content', { id: 'home' })).data);
    expect(one.banners).toHaveLength(2);
    expect(one.updatedAt).not.toBeNull();

    const it = await publicState('it');
    expect(it.home.featured.map((p) => p.id)).toEqual([second, first]);
    expect(it.home.featured[0]?.name).toMatch(/^Sonda di riferimento/);
    expect(it.home.banners).toEqual([
      {
        title: 'Summer sale (it)',
        subtitle: 'Summer sale sottotitolo',
        imageUrl: 'https://img.example/banner.jpg',
        linkUrl: '/category/games',
      },
    ]);
    expect((await publicState('en')).home.banners[0]?.title).toBe('Summer sale');
  });

  it('refuses unknown products, too many, repeats and bad banners with field errors', async () => {
    const unknown = new ObjectId().toHexString();
    const body = await expectFieldErrors(
      await t.call('PUT', '/api/admin/home-content/home', {
        token: adminToken,
        body: { featuredProductIds: [unknown], banners: [] },
      }),
      400,
      ['featuredProductIds'],
    );
    expect(body.errors?.featuredProductIds).toContain(unknown);

    const thirteen = Array.from({ length: 13 }, () => new ObjectId().toHexString());
    await expectFieldErrors(
      await t.call('PUT', '/api/admin/home-content/home', {
        token: adminToken,
        body: { featuredProductIds: thirteen, banners: [] },
      }),
      400,
      ['featuredProductIds'],
    );
    const p = await newProduct(t.db);
    await expectFieldErrors(
      await t.call('PUT', '/api/admin/home-content/home', {
        token: adminToken,
        body: {
          featuredProductIds: [p, p, 'nope'],
          banners: [{ ...banner('X'), title: { en: '' }, linkUrl: 'javascript:alert(1)' }],
        },
      }),
      400,
      ['featuredProductIds', 'featuredProductIds.2', 'banners.0.title.en', 'banners.0.linkUrl'],
    );
  });

  it('answers 404 for any record but home, and has no create or delete', async () => {
    expect((await rejection(admin.getOne('home-content', { id: 'other' }))).status).toBe(404);
    const put = await t.call('PUT', '/api/admin/home-content/other', {
      token: adminToken,
      body: { featuredProductIds: [], banners: [] },
    });
    expect(put.status).toBe(404);
    expect(
      (await t.call('DELETE', '/api/admin/home-content/home', { token: adminToken })).status,
    ).toBe(404);
  });

  it('falls back to the best-stocked products when no pick is left', async () => {
    await admin.update('home-content', {
      id: 'home',
      data: { featuredProductIds: [], banners: [] },
      previousData: { id: 'home' },
    });
    const state = await publicState();
    expect(state.home.banners).toEqual([]);
    // Nobody sells anything in this database, so the fallback is empty too.
    expect(state.home.featured).toEqual([]);
  });
});
