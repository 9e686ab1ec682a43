import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductProposalSchema,
  SellerSupplierConnectionSchema,
  SellerSupplierProductSchema,
  SupplierImportSchema,
  type SellerSupplierProduct,
  type SupplierImport,
} from '@market/shared';
import { createContainer } from '../src/container.ts';
import {
  createProductRepository,
  NO_PRICE_RANGE,
} from '../src/modules/products/products.repository.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS,
  startCodeswholesaleSandbox,
  type CodeswholesaleSandbox,
} from '../src/sandboxes/suppliers/codeswholesale/index.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { demoCatalogue, type DemoProduct } from '../src/seed/demo-catalogue.ts';
import { errorsOf } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/**
 * The seller's supplier catalogue against the real Wock sandbox (300 products, 100 a page,
 * no catalogue size on a page) through a real connection: imports that stop half-way and
 * resume, the catalogue list with its filters, suggestions against the demo catalogue,
 * mappings, proposals, and what another seller may not see.
 */

let t: TestServer;
let wock: WockSandbox;
let cws: CodeswholesaleSandbox;
let sandboxDir: string;
/** The demo catalogue as seeded here: English name → product id. */
const demoIds = new Map<string, string>();

type Seller = { account: TestAccount; ra: DataProvider; connectionId: string };
let seller: Seller;
let other: Seller;

const newSeller = async (connect: boolean): Promise<Seller> => {
  const account = await t.account('seller');
  const ra = raClient(t.url, 'seller', account.token);
  if (!connect) return { account, ra, connectionId: '' };
  const { data } = await ra.create('supplier-connections', {
    data: { supplier: 'wock', label: 'Wock', credentials: { ...WOCK_SANDBOX_CREDENTIALS } },
  });
  return { account, ra, connectionId: SellerSupplierConnectionSchema.parse(data).id };
};

/** A demo product's fields (the typical price only prices the demo's offers). */
const withoutPrice = ({ basePrice: _price, ...fields }: DemoProduct) => fields;

/** The demo catalogue's products (no offers), as the demo seed writes them. */
async function seedDemoProducts() {
  const products = createProductRepository(t.db);
  const now = new Date();
  for (const fields of demoCatalogue().map(withoutPrice)) {
    const doc = await products.upsertBySlug({
      ...fields,
      images: [],
      ...NO_PRICE_RANGE,
      createdAt: now,
      updatedAt: now,
    });
    demoIds.set(fields.name.en, doc!._id.toHexString());
  }
}

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-catalogue-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir });
  cws = await startCodeswholesaleSandbox({ port: 0, dir: sandboxDir });
  t = await startTestServer({
    env: { SUPPLIER_WOCK_URL: wock.url, SUPPLIER_CODESWHOLESALE_URL: cws.url },
  });
  await seedDemoProducts();
  seller = await newSeller(true);
  other = await newSeller(false);
});
afterAll(async () => {
  await t.container.supplierImportRunner.stop();
  await t.close();
  await wock.close();
  await cws.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

const call = (who: Seller, method: string, url: string, body?: unknown) =>
  t.call(method, `/api/seller${url}`, { token: who.account.token, body });

const getImport = async (who: Seller, id: string) => {
  const res = await call(who, 'GET', `/supplier-imports/${id}`);
  expect(res.status).toBe(200);
  return SupplierImportSchema.parse(await res.json());
};

/** Polls the import as the console does until it is no longer running. */
async function finished(who: Seller, id: string): Promise<SupplierImport> {
  for (let i = 0; i < 200; i++) {
    const progress = await getImport(who, id);
    if (progress.status !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} still running`);
}

const startImport = async (who: Seller, connectionId = who.connectionId) => {
  const res = await call(who, 'POST', '/supplier-imports', { connectionId });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** One page of the catalogue list through the console's data provider. */
async function catalogue(who: Seller, filter: Record<string, unknown>, perPage = 300) {
  const { data, total } = await who.ra.getList('supplier-products', {
    pagination: { page: 1, perPage },
    sort: { field: 'name', order: 'ASC' },
    filter: { connectionId: who.connectionId, ...filter },
  });
  return { rows: data.map((r) => SellerSupplierProductSchema.parse(r)), total: total ?? 0 };
}

const wockProducts = () => t.db.collection('supplierProducts').find({ supplier: 'wock' }).toArray();

/**
 * Starts an import in a process that dies after writing the second page's products, before
 * saving its cursor; answers once it died, the import left running.
 */
async function importThatCrashes(who: Seller, connectionId: string) {
  let halted!: () => void;
  const crash = new Promise<void>((resolve) => (halted = resolve));
  const doomed = createContainer(t.container.deps, {
    importHooks: {
      pageWritten: ({ pages }) => {
        if (pages < 2) return undefined;
        halted();
        return 'halt';
      },
    },
  });
  const started = await doomed.supplierImportService.start(who.account.sellerId!, connectionId);
  await crash;
  return started;
}

describe('POST /api/seller/supplier-imports', () => {
  it('stops half-way as a crash would and resumes from the saved cursor, without duplicates', async () => {
    const started = await importThatCrashes(seller, seller.connectionId);
    expect(started).toMatchObject({ status: 'running', done: 0, total: null });

    // The progress the console shows: one page saved, size unknown (Wock does not say it).
    const halfway = await getImport(seller, started.id);
    expect(halfway).toMatchObject({ status: 'running', done: 100, pages: 1, total: null });
    expect(await wockProducts()).toHaveLength(200);

    // Starting again answers the import still running rather than a second one.
    const again = await startImport(seller);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(started.id);

    // The next boot resumes it from the cursor: page two again, then three.
    expect(await t.container.supplierImportRunner.resume()).toBe(1);
    const done = await finished(seller, started.id);
    expect(done).toMatchObject({ status: 'done', done: 300, total: 300, pages: 3, error: null });
    const stored = await wockProducts();
    expect(stored).toHaveLength(300);
    expect(stored.map((p) => p.sku).sort()).toEqual(
      wock.stockroom
        .visibleProducts()
        .map((p) => p.sku)
        .sort(),
    );
  });

  it('lists every sandbox product with its cost and stock', async () => {
    const { rows, total } = await catalogue(seller, {});
    expect(total).toBe(300);
    for (const row of rows) {
      const source = wock.stockroom.product(row.sku)!;
      expect(row).toMatchObject({
        supplier: 'wock',
        name: source.name,
        supplierPlatform: source.platform,
        supplierRegions: source.regions,
        quantity: source.quantity,
        cost: { cents: source.priceCents, currency: 'eur' },
        preOrder: source.preOrder,
        mapping: null,
        proposalId: null,
      });
    }
  });

  it('estimates a new import’s size from the last and drops what the supplier no longer lists', async () => {
    const hidden = wock.stockroom.visibleProducts()[5]!;
    await fetch(`${wock.url}/sandbox/products/${hidden.sku}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    const { status, body } = await startImport(seller);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'running', total: 300, estimated: true });
    const done = await finished(seller, String(body.id));
    expect(done).toMatchObject({ status: 'done', done: 299, total: 299, estimated: false });

    const { rows, total } = await catalogue(seller, {});
    expect(total).toBe(299);
    expect(rows.map((r) => r.sku)).not.toContain(hidden.sku);
  });

  it('lists the caller’s imports, newest first', async () => {
    const { data, total } = await seller.ra.getList('supplier-imports', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: { connectionId: seller.connectionId },
    });
    expect(total).toBe(2);
    expect(data.map((i) => [i.status, i.done])).toEqual([
      ['done', 299],
      ['done', 300],
    ]);
  });

  it('refuses an import while the admin has switched the supplier off', async () => {
    const admin = raClient(t.url, 'admin', (await t.account('admin')).token);
    const switchWock = (enabled: boolean) =>
      admin.update('suppliers', { id: 'wock', data: { enabled }, previousData: { id: 'wock' } });
    await switchWock(false);
    try {
      const { status, body } = await startImport(seller);
      expect(status).toBe(409);
      expect(body.message).toBe('Wock is switched off for the marketplace');
    } finally {
      await switchWock(true);
    }
  });

  it('leaves an import to the live instance paging it, and takes it over once that one died', async () => {
    const started = await importThatCrashes(seller, seller.connectionId);
    // The instance that was paging it still holds its lease (another process, alive)…
    const leases = t.db.collection<{ _id: string; owner: string; expiresAt: Date }>('leases');
    const id = `supplier-import:${started.id}`;
    await leases.insertOne({
      _id: id,
      owner: 'other-instance',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await t.container.supplierImportRunner.resume()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await getImport(seller, started.id)).toMatchObject({ status: 'running', pages: 1 });
    // …until it stops renewing it (it died): the next pass takes the import over and ends it.
    await leases.updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await t.container.supplierImportRunner.resume();
    // 299: an earlier test hid one product.
    expect(await finished(seller, started.id)).toMatchObject({ status: 'done', done: 299 });
    expect(await leases.findOne({ _id: id })).toBeNull();
  });
});

describe('GET /api/seller/supplier-products', () => {
  it('suggests, first, the demo product each sandbox product was made from', async () => {
    const { rows } = await catalogue(seller, {});
    const fromDemo = rows.filter((r) => demoIds.has(r.name));
    expect(fromDemo.length).toBeGreaterThan(150);
    for (const row of fromDemo) {
      expect(row.suggestions[0]?.productId, row.name).toBe(demoIds.get(row.name));
    }
    // Wock spells Ubisoft Connect "Ubisoft": still the same product, scored as an exact match.
    const ubisoft = fromDemo.find((r) => r.supplierPlatform === 'Ubisoft')!;
    expect(ubisoft.platform).toBe('ubisoft-connect');
    expect(ubisoft.suggestions[0]).toMatchObject({ platform: 'ubisoft-connect', score: 1 });
    // The invented products have no match in the marketplace.
    const invented = rows.find((r) => r.name.startsWith('Starfall Odyssey'))!;
    expect(invented.suggestions).toEqual([]);
  });

  it('filters by name, platform, region and stock', async () => {
    const byName = await catalogue(seller, { q: 'IRON frontier (PC)' });
    expect(byName.rows.map((r) => r.name)).toEqual(['Iron Frontier']);

    const epic = await catalogue(seller, { platform: 'epic-games' });
    expect(epic.total).toBeGreaterThan(0);
    expect(new Set(epic.rows.map((r) => r.supplierPlatform))).toEqual(new Set(['Epic']));

    const row = await catalogue(seller, { region: 'ROW' });
    expect(row.total).toBeGreaterThan(0);
    expect(row.rows.every((r) => r.region === 'ROW' && r.supplierRegions[0] === 'ROW')).toBe(true);

    const soldOut = await catalogue(seller, { inStock: false });
    const inStock = await catalogue(seller, { inStock: true });
    expect(soldOut.total).toBeGreaterThan(0);
    expect(soldOut.rows.every((r) => r.quantity === 0)).toBe(true);
    expect(inStock.rows.every((r) => r.quantity > 0)).toBe(true);
    expect(soldOut.total + inStock.total).toBe(299);
  });

  it('answers each bad filter with 400 and its field', async () => {
    const list = (filter: unknown) =>
      call(
        seller,
        'GET',
        `/supplier-products?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
    const cases: [unknown, string][] = [
      [{}, 'filter.connectionId'],
      [{ connectionId: seller.connectionId, platform: 'Playstation' }, 'filter.platform'],
      [{ connectionId: seller.connectionId, region: 'EU' }, 'filter.region'],
      [{ connectionId: seller.connectionId, inStock: 'yes' }, 'filter.inStock'],
      [{ connectionId: seller.connectionId, mapped: 1 }, 'filter.mapped'],
    ];
    for (const [filter, field] of cases) {
      const res = await list(filter);
      expect(res.status, field).toBe(400);
      expect(await errorsOf(res), field).toHaveProperty([field]);
    }
  });

  it('shows another seller nothing of the connection’s catalogue', async () => {
    const [row] = (await catalogue(seller, {}, 1)).rows;
    const asOther = { ...other, connectionId: seller.connectionId };
    const answers = [
      await call(
        asOther,
        'GET',
        `/supplier-products?filter=${encodeURIComponent(JSON.stringify({ connectionId: seller.connectionId }))}`,
      ),
      await call(asOther, 'GET', `/supplier-products/${row!.id}`),
      await call(asOther, 'PUT', `/supplier-products/${row!.id}`, { productId: null }),
      await call(asOther, 'POST', `/supplier-products/${row!.id}/propose`, {
        categoryId: 'games',
        brand: 'Copperfox',
        type: 'key',
      }),
      await call(asOther, 'POST', '/supplier-imports', { connectionId: seller.connectionId }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const [mine] = (
      await seller.ra.getList('supplier-imports', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'startedAt', order: 'DESC' },
        filter: {},
      })
    ).data;
    expect((await call(asOther, 'GET', `/supplier-imports/${mine!.id}`)).status).toBe(404);
    const theirs = await other.ra.getList('supplier-imports', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: {},
    });
    expect(theirs.total).toBe(0);
  });
});

describe('PUT /api/seller/supplier-products/:id', () => {
  it('confirms the suggestion, shows it in the list and clears it again', async () => {
    const [row] = (await catalogue(seller, { q: 'Iron Frontier' })).rows;
    const suggestion = row!.suggestions[0]!;
    const { data } = await seller.ra.update('supplier-products', {
      id: row!.id,
      data: { productId: suggestion.productId },
      previousData: row!,
    });
    expect(SellerSupplierProductSchema.parse(data).mapping).toMatchObject({
      productId: suggestion.productId,
      name: 'Iron Frontier',
      platform: suggestion.platform,
    });

    const mapped = await catalogue(seller, { mapped: true });
    expect(mapped.rows.map((r) => [r.sku, r.mapping?.productId])).toEqual([
      [row!.sku, suggestion.productId],
    ]);
    const unmapped = await catalogue(seller, { mapped: false });
    expect(unmapped.total).toBe(298);
    expect(unmapped.rows.map((r) => r.sku)).not.toContain(row!.sku);
    // Another seller's view of the same product knows nothing of this mapping.
    const otherWithWock = await newSeller(true);
    const [theirs] = (await catalogue(otherWithWock, { q: 'Iron Frontier' })).rows;
    expect(theirs!.mapping).toBeNull();

    const cleared = await call(seller, 'PUT', `/supplier-products/${row!.id}`, { productId: null });
    expect(SellerSupplierProductSchema.parse(await cleared.json()).mapping).toBeNull();
    expect((await catalogue(seller, { mapped: true })).total).toBe(0);
  });

  it('maps to a product of the seller’s choosing, but not to one that does not exist', async () => {
    const [row] = (await catalogue(seller, { q: 'Hollow Frontier' })).rows;
    const chosen = demoIds.get('Iron Frontier')!;
    const res = await call(seller, 'PUT', `/supplier-products/${row!.id}`, { productId: chosen });
    expect(SellerSupplierProductSchema.parse(await res.json()).mapping?.productId).toBe(chosen);

    const missing = await call(seller, 'PUT', `/supplier-products/${row!.id}`, {
      productId: '0123456789abcdef01234567',
    });
    expect(missing.status).toBe(400);
    expect(await errorsOf(missing)).toEqual({ productId: 'No such product' });
  });
});

describe('POST /api/seller/supplier-products/:id/propose', () => {
  it('proposes a product the marketplace lacks, with the supplier’s name, platform and region', async () => {
    const [row] = (await catalogue(seller, { q: 'Starfall Odyssey 1' })).rows;
    const res = await call(seller, 'POST', `/supplier-products/${row!.id}/propose`, {
      categoryId: 'games',
      brand: 'Copperfox',
      type: 'key',
      note: 'Sells well elsewhere',
    });
    expect(res.status).toBe(201);
    const proposal = ProductProposalSchema.parse(await res.json());
    expect(proposal).toMatchObject({
      name: { en: row!.name },
      platform: row!.platform,
      region: row!.region,
      status: 'pending',
      note: `From Wock, sku ${row!.sku}\nSells well elsewhere`,
    });
    // The seller follows it among their proposals, and the catalogue row remembers it.
    const { data } = await seller.ra.getList('product-proposals', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(data.map((p) => p.id)).toContain(proposal.id);
    const [again] = (await catalogue(seller, { id: row!.id })).rows as SellerSupplierProduct[];
    expect(again!.proposalId).toBe(proposal.id);
  });

  it('answers what the proposal lacks by field', async () => {
    const [row] = (await catalogue(seller, { q: 'Neon Drift 1' })).rows;
    const res = await call(seller, 'POST', `/supplier-products/${row!.id}/propose`, {
      categoryId: 'games',
      brand: 'Copperfox',
      type: 'giftcard',
      platform: 'no-such-platform',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(await errorsOf(res))).toContain('denomination');
  });
});

describe('a supplier that says its catalogue’s size (CodesWholesale)', () => {
  it('shows determinate progress from its count and maps its PSN products to PS4 or PS5', async () => {
    const account = await t.account('seller');
    const ra = raClient(t.url, 'seller', account.token);
    const { data } = await ra.create('supplier-connections', {
      data: {
        supplier: 'codeswholesale',
        label: 'CWS',
        credentials: { ...CODESWHOLESALE_SANDBOX_CREDENTIALS },
      },
    });
    const who: Seller = { account, ra, connectionId: String(data.id) };

    const started = await importThatCrashes(who, who.connectionId);
    expect(await getImport(who, started.id)).toMatchObject({
      status: 'running',
      done: 100,
      total: 300,
      estimated: false,
    });
    await t.container.supplierImportRunner.resume();
    expect(await finished(who, started.id)).toMatchObject({ status: 'done', done: 300 });

    const { rows } = await catalogue(who, {});
    const demoPlatform = new Map(demoCatalogue().map((p) => [p.name.en, p.platform]));
    const psn = rows.filter((r) => r.supplierPlatform === 'PSN' && demoIds.has(r.name));
    expect(new Set(psn.map((r) => demoPlatform.get(r.name)))).toEqual(new Set(['ps4', 'ps5']));
    for (const row of psn) {
      expect(row.suggestions[0], row.name).toMatchObject({
        productId: demoIds.get(row.name),
        platform: demoPlatform.get(row.name),
      });
    }
  });
});
