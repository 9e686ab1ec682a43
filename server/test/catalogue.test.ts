import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  CatalogueSearchResultSchema,
  CategoryWithCountSchema,
  CategoryWithNamesSchema,
  MacrocategorySchema,
  ProductSalesSchema,
  PublicCategorySchema,
  PublicStateSchema,
  StoreProductSchema,
  type Currency,
} from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { createKeyVault } from '../src/modules/keys/key-vault.ts';
import { createOfferRepository } from '../src/modules/offers/offers.repository.ts';
import {
  createProductRepository,
  NO_PRICE_RANGE,
  type ProductDoc,
} from '../src/modules/products/products.repository.ts';
import { priceRange } from '../src/modules/offers/offer-prices.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
/** Fixture product ids by short name; their names all start with "Quasar Probe". */
const ids: Record<'alpha' | 'beta' | 'gamma', string> = { alpha: '', beta: '', gamma: '' };

const eurUsdGbp = (eur: number, usd: number, gbp: number): Record<Currency, number> => ({
  eur,
  usd,
  gbp,
});

async function seedFixtures() {
  const products = createProductRepository(t.db);
  const offers = createOfferRepository(t.db);
  const base = Date.parse('2030-01-01T00:00:00Z');
  const product = async (
    n: number,
    key: keyof typeof ids,
    fields: Partial<ProductDoc>,
    prices: Record<Currency, number>[],
  ) => {
    const name = `Quasar Probe ${key[0]!.toUpperCase()}${key.slice(1)}`;
    const at = new Date(base + n * 1000);
    const doc = await products.upsertBySlug({
      slug: `quasar-probe-${key}`,
      categoryId: 'games',
      brand: 'Northwind Games',
      platform: 'steam',
      region: 'Global',
      type: 'key',
      name: { en: name, it: `${name} (IT)` },
      description: { en: `${name} description`, it: `Descrizione di ${name}` },
      images: [],
      tags: ['probe'],
      ...NO_PRICE_RANGE,
      createdAt: at,
      updatedAt: at,
      ...fields,
    });
    const productId = doc!._id as ObjectId;
    const sellers = ['pixel-keys', 'nordic-codes', 'lucky-loot'];
    const live = [];
    for (const [i, p] of prices.entries()) {
      const offer = { productId, sellerId: sellers[i]!, prices: p, zeroVat: false };
      live.push({ ...offer, stock: 3, status: 'active' as const, createdAt: at, updatedAt: at });
    }
    for (const offer of live) await offers.upsert(offer);
    await products.setPriceRange(productId, priceRange(live));
    ids[key] = productId.toHexString();
  };
  // Cheapest in EUR is nordic-codes, cheapest in USD is pixel-keys.
  await product(1, 'alpha', {}, [
    eurUsdGbp(900, 700, 800),
    eurUsdGbp(700, 950, 600),
    eurUsdGbp(800, 760, 700),
  ]);
  await product(2, 'beta', { brand: 'Nobody Publishes This', platform: 'ps-vita' }, []);
  await product(3, 'gamma', { categoryId: 'softwares', platform: 'windows-10' }, [
    eurUsdGbp(500, 540, 430),
  ]);
}

beforeAll(async () => {
  t = await startTestServer();
  const vault = createKeyVault(randomBytes(32));
  await seedDemoData(t.db, t.identity.auth, vault, createLogger('silent'));
  await seedFixtures();
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  fetch(`${t.url}/api/public/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function expectValidationError(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = ApiErrorSchema.parse(await res.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field]).toBeTruthy();
}

const search = async (body: Record<string, unknown>) => {
  const res = await post('products/search', { locale: 'en', ...body });
  expect(res.status).toBe(200);
  return CatalogueSearchResultSchema.parse(await res.json());
};

describe('POST /api/public/categories/get-list-prod-count', () => {
  it('answers the categories by position with their product counts', async () => {
    const res = await post('categories/get-list-prod-count', { locale: 'it' });
    expect(res.status).toBe(200);
    const list = CategoryWithCountSchema.array().parse(await res.json());
    expect(list.map((c) => c.id)).toEqual(['games', 'softwares', 'cards', 'accounts']);
    expect(list[0]?.name).toBe('Giochi');
    expect(list.every((c) => c.productCount > 0)).toBe(true);
    const state = PublicStateSchema.parse(await (await fetch(`${t.url}/api/public/state`)).json());
    expect(list.reduce((sum, c) => sum + c.productCount, 0)).toBe(state.stats.products);
  });

  it('refuses an unknown locale with a field error', async () => {
    await expectValidationError(
      await post('categories/get-list-prod-count', { locale: 'fr' }),
      'locale',
    );
  });
});

describe('POST /api/public/categories/get-by-id', () => {
  it('answers one category named in the locale', async () => {
    const res = await post('categories/get-by-id', { id: 'cards', locale: 'it' });
    expect(res.status).toBe(200);
    expect(PublicCategorySchema.parse(await res.json())).toEqual({
      id: 'cards',
      position: 3,
      name: 'Carte regalo',
    });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await post('categories/get-by-id', { id: 'nope', locale: 'en' });
    expect(res.status).toBe(404);
    expect(ApiErrorSchema.parse(await res.json()).code).toBe('NOT_FOUND');
  });

  it('refuses a request without an id', async () => {
    await expectValidationError(await post('categories/get-by-id', { locale: 'en' }), 'id');
  });
});

describe('POST /api/public/categories/get and get-all', () => {
  it('get answers the same list as get-public', async () => {
    const [a, b] = await Promise.all([
      post('categories/get', { locale: 'en' }).then((r) => r.json()),
      post('categories/get-public', { locale: 'en' }).then((r) => r.json()),
    ]);
    expect(PublicCategorySchema.array().parse(a)).toEqual(b);
  });

  it('get-all adds the names in both locales', async () => {
    const res = await post('categories/get-all', { locale: 'en' });
    const list = CategoryWithNamesSchema.array().parse(await res.json());
    expect(list.map((c) => c.position)).toEqual([1, 2, 3, 4]);
    expect(list[0]).toMatchObject({ name: 'Games', names: { en: 'Games', it: 'Giochi' } });
  });
});

describe('POST /api/public/macrocategories/get and get-public', () => {
  it('sorts by the English name', async () => {
    const res = await post('macrocategories/get', { locale: 'en' });
    expect(res.status).toBe(200);
    const names = MacrocategorySchema.array()
      .parse(await res.json())
      .map((m) => m.name);
    expect(names).toEqual([
      'Action',
      'Adventure',
      'Gift cards',
      'Productivity',
      'Racing',
      'RPG',
      'Security',
      'Strategy',
    ]);
  });

  it('sorts by the Italian name in Italian', async () => {
    const res = await post('macrocategories/get-public', { locale: 'it' });
    const list = MacrocategorySchema.array().parse(await res.json());
    expect(list.map((m) => m.id)).toEqual([
      'adventure',
      'action',
      'gift-cards',
      'racing',
      'rpg',
      'productivity',
      'security',
      'strategy',
    ]);
    expect(list[0]?.name).toBe('Avventura');
  });

  it('refuses an unknown locale with a field error', async () => {
    await expectValidationError(await post('macrocategories/get', { locale: 'de' }), 'locale');
  });
});

describe('POST /api/public/products/info-multiple', () => {
  it('answers the products in the order asked, skipping unknown and invalid ids', async () => {
    const res = await post('products/info-multiple', {
      productIdList: [ids.gamma, 'not-an-id', ids.alpha, '0123456789abcdef01234567', ids.beta],
      locale: 'it',
    });
    expect(res.status).toBe(200);
    const items = StoreProductSchema.array().parse(await res.json());
    expect(items.map((p) => p.id)).toEqual([ids.gamma, ids.alpha, ids.beta]);
    expect(items[1]).toMatchObject({
      slug: 'quasar-probe-alpha',
      url: `/it/product/${ids.alpha}/quasar-probe-alpha`,
      name: 'Quasar Probe Alpha (IT)',
      description: 'Descrizione di Quasar Probe Alpha',
      platformName: 'Steam',
      guidePath: '/support/docs/guides/steam',
      prices: { eur: { min: 700, max: 900 }, usd: { min: 700, max: 950 } },
    });
    expect(items[2]).toMatchObject({
      guidePath: null,
      prices: { eur: null, usd: null, gbp: null },
    });
  });

  it('gives the first item its brand as subcategory, and only the first', async () => {
    const res = await post('products/info-multiple', {
      productIdList: [ids.alpha, ids.gamma],
      locale: 'en',
    });
    const items = StoreProductSchema.array().parse(await res.json());
    expect(items[0]?.subcategory).toEqual({ id: 'northwind-games', name: 'Northwind Games' });
    expect(items[0]?.url).toBe(`/product/${ids.alpha}/quasar-probe-alpha`);
    expect(items[1]?.subcategory).toBeUndefined();
  });

  it('answers the empty brand when the brand is unknown', async () => {
    const res = await post('products/info-multiple', { productIdList: [ids.beta], locale: 'en' });
    const items = StoreProductSchema.array().parse(await res.json());
    expect(items[0]?.subcategory).toEqual({ id: '', name: '' });
  });

  it('answers an empty list when no id is known', async () => {
    const res = await post('products/info-multiple', { productIdList: ['x'], locale: 'en' });
    expect(await res.json()).toEqual([]);
  });

  it('refuses an empty or oversized id list and a bad locale', async () => {
    await expectValidationError(
      await post('products/info-multiple', { productIdList: [], locale: 'en' }),
      'productIdList',
    );
    await expectValidationError(
      await post('products/info-multiple', {
        productIdList: Array.from({ length: 101 }, () => ids.alpha),
        locale: 'en',
      }),
      'productIdList',
    );
    await expectValidationError(
      await post('products/info-multiple', { productIdList: [ids.alpha], locale: 'xx' }),
      'locale',
    );
  });
});

describe('POST /api/public/products/info-multiple-sales', () => {
  const sales = async (currency: Currency, productIdList = [ids.alpha, ids.beta]) => {
    const res = await post('products/info-multiple-sales', {
      productIdList,
      locale: 'en',
      currency,
    });
    expect(res.status).toBe(200);
    return ProductSalesSchema.array().parse(await res.json());
  };

  it('ranks live offers on the requested currency (close ratings: cheapest first)', async () => {
    const [eur] = await sales('eur');
    expect(eur?.sales.map((s) => s.sellerId)).toEqual(['nordic-codes', 'lucky-loot', 'pixel-keys']);
    expect(eur?.sales[0]).toMatchObject({
      sellerName: 'Nordic Codes',
      prices: { eur: 700, usd: 950, gbp: 600 },
      inStock: true,
    });
    const [usd] = await sales('usd');
    expect(usd?.sales.map((s) => s.sellerId)).toEqual(['pixel-keys', 'lucky-loot', 'nordic-codes']);
  });

  it('gives each item its url, price range and offers list', async () => {
    const [alpha] = await sales('gbp');
    expect(alpha).toMatchObject({
      id: ids.alpha,
      url: `/product/${ids.alpha}/quasar-probe-alpha`,
      inStock: true,
      prices: { eur: { min: 700, max: 900 }, gbp: { min: 600, max: 800 } },
    });
    expect(alpha?.offers).toEqual({ allOffers: alpha?.sales, apiName: 'marketplace' });
  });

  it('answers price 0 and out of stock for a product nobody sells', async () => {
    const [, beta] = await sales('eur');
    expect(beta).toMatchObject({
      id: ids.beta,
      sales: [],
      inStock: false,
      prices: { eur: { min: 0, max: 0 }, usd: { min: 0, max: 0 }, gbp: { min: 0, max: 0 } },
      offers: { allOffers: [], apiName: 'marketplace' },
    });
  });

  it('refuses an unknown currency and an empty id list', async () => {
    await expectValidationError(
      await post('products/info-multiple-sales', {
        productIdList: [ids.alpha],
        locale: 'en',
        currency: 'chf',
      }),
      'currency',
    );
    await expectValidationError(
      await post('products/info-multiple-sales', { productIdList: [], locale: 'en' }),
      'productIdList',
    );
  });
});

describe('POST /api/public/products/search', () => {
  const names = (r: { items: { name: string }[] }) => r.items.map((p) => p.name);

  it('matches the name in the locale, case-insensitively', async () => {
    const en = await search({ q: 'quasar PROBE' });
    expect(en.total).toBe(3);
    expect(en).toMatchObject({ page: 1, pageSize: 24 });
    const it = await search({ q: '(it)', locale: 'it' });
    expect(it.total).toBe(3);
    const first = it.items[0]!;
    expect(first.url).toBe(`/it/product/${first.id}/${first.slug}`);
  });

  it('treats the query as text, not a pattern', async () => {
    expect((await search({ q: '.*' })).total).toBe(0);
    expect((await search({ q: 'Quasar.*' })).total).toBe(3);
  });

  it('sorts newest first by default', async () => {
    expect(names(await search({ q: 'quasar probe' }))).toEqual([
      'Quasar Probe Gamma',
      'Quasar Probe Beta',
      'Quasar Probe Alpha',
    ]);
  });

  it('sorts by price in the currency, unsold products last both ways', async () => {
    expect(names(await search({ q: 'quasar probe', sort: 'price_asc' }))).toEqual([
      'Quasar Probe Gamma',
      'Quasar Probe Alpha',
      'Quasar Probe Beta',
    ]);
    expect(names(await search({ q: 'quasar probe', sort: 'price_desc', currency: 'usd' }))).toEqual(
      ['Quasar Probe Alpha', 'Quasar Probe Gamma', 'Quasar Probe Beta'],
    );
  });

  it('pages across the boundary between sold and unsold products on a price sort', async () => {
    const page = (n: number) =>
      search({ q: 'quasar probe', sort: 'price_asc', page: n, pageSize: 2 });
    expect(names(await page(1))).toEqual(['Quasar Probe Gamma', 'Quasar Probe Alpha']);
    const second = await page(2);
    expect(second.total).toBe(3);
    expect(names(second)).toEqual(['Quasar Probe Beta']);
    expect(
      names(await search({ q: 'quasar probe', sort: 'price_desc', page: 2, pageSize: 1 })),
    ).toEqual(['Quasar Probe Gamma']);
  });

  it('sorts by name and pages through the results', async () => {
    const page2 = await search({ q: 'quasar probe', sort: 'name', page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual(['Quasar Probe Gamma']);
  });

  it('filters by price range, category and platform', async () => {
    const cheap = await search({ q: 'quasar probe', currency: 'gbp', priceMax: 500 });
    expect(names(cheap)).toEqual(['Quasar Probe Gamma']);
    const priced = await search({ q: 'quasar probe', priceMin: 0 });
    expect(priced.total).toBe(2);
    const software = await search({ q: 'quasar probe', categoryId: 'softwares' });
    expect(names(software)).toEqual(['Quasar Probe Gamma']);
    const vita = await search({ q: 'quasar probe', platform: 'ps-vita', region: 'Global' });
    expect(names(vita)).toEqual(['Quasar Probe Beta']);
  });

  it('filters by tag, as the tag links of the home page do', async () => {
    const probes = await search({ tag: 'probe', sort: 'name' });
    expect(names(probes)).toEqual([
      'Quasar Probe Alpha',
      'Quasar Probe Beta',
      'Quasar Probe Gamma',
    ]);
    const cards = await search({ tag: 'gift-card', pageSize: 60 });
    expect(cards.total).toBeGreaterThan(0);
    expect(cards.items.every((p) => p.tags.includes('gift-card'))).toBe(true);
    await expectValidationError(await post('products/search', { tag: ' ' }), 'tag');
  });

  it('searches the whole catalogue without a query', async () => {
    const all = await search({ categoryId: 'cards', pageSize: 60 });
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((p) => p.categoryId === 'cards')).toBe(true);
  });

  it('refuses a page size of 1000, an unknown sort and an inverted price range', async () => {
    await expectValidationError(await post('products/search', { pageSize: 1000 }), 'pageSize');
    await expectValidationError(await post('products/search', { sort: 'random' }), 'sort');
    await expectValidationError(
      await post('products/search', { priceMin: 500, priceMax: 100 }),
      'priceMax',
    );
  });
});

describe('GET /api/public/state', () => {
  it('answers the global state in the locale', async () => {
    const res = await fetch(`${t.url}/api/public/state?locale=it`);
    expect(res.status).toBe(200);
    const state = PublicStateSchema.parse(await res.json());
    // The demo reviews: approved ones only, newest first, their products named in Italian.
    expect(state.reviews.length).toBeGreaterThan(0);
    expect(state.reviews.every((r) => r.productUrl.startsWith('/it/product/'))).toBe(true);
    expect(state.reviews.map((r) => r.text)).not.toContain(
      'Buy from my own shop instead!!! cheap-keys dot example',
    );
    expect(state.payments).toEqual(['paypal', 'checkout']);
    expect(state.stats.products).toBeGreaterThanOrEqual(300);
    expect(state.stats.sellers).toBe(3);
    expect(state.stats.offers).toBeGreaterThan(state.stats.products / 2);
    expect(state.categories[0]?.name).toBe('Giochi');
    expect(state.macrocategories[0]?.name).toBe('Avventura');
    expect(state.platforms).toHaveLength(21);
    expect(state.platforms.find((p) => p.slug === 'xbox-360')?.guidePath).toBeNull();
    expect(state.platforms.find((p) => p.slug === 'gog')?.guidePath).toBe(
      '/support/docs/guides/gog',
    );
  });

  it('features the 8 best-stocked products and counts the top tags', async () => {
    const state = PublicStateSchema.parse(await (await fetch(`${t.url}/api/public/state`)).json());
    expect(state.home.featured).toHaveLength(8);
    expect(state.home.featured.every((p) => p.prices.eur !== null)).toBe(true);
    const featured = state.home.featured[0]!;
    expect(featured.url).toBe(`/product/${featured.id}/${featured.slug}`);
    const counts = state.tags.map((tag) => tag.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(state.tags.map((tag) => tag.tag)).toContain('gift-card');
  });

  it('refuses an unknown locale with a field error', async () => {
    await expectValidationError(await fetch(`${t.url}/api/public/state?locale=fr`), 'locale');
  });
});
