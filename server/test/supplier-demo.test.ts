import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductSalesSchema,
  SellerSupplierConnectionSchema,
  SUPPLIER_IDS,
  type ProductSales,
} from '@market/shared';
import { createLogger } from '../src/logger.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { ProductDoc } from '../src/modules/products/products.repository.ts';
import {
  startSupplierSandboxes,
  type SupplierSandboxes,
} from '../src/sandboxes/suppliers/index.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-catalogue.ts';
import {
  DEMO_SUPPLIER_OFFERS,
  DEMO_SUPPLIER_SELLER,
  demoSupplierPicks,
  seedDemoSuppliers,
} from '../src/seed/demo-suppliers.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The demo data's supplier side, as `npm start` seeds it: the demo seller connected to the four
 * supplier sandboxes, selling on demand at least ten products from each, with no key uploaded.
 */

let t: TestServer;
let sandboxes: SupplierSandboxes;
let dir: string;
const log = createLogger('silent');

const seed = async () => {
  await seedDemoData(t.db, t.identity.auth, t.vault, log);
  await seedDemoSuppliers(t.db, t.container, log);
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-demo-'));
  sandboxes = await startSupplierSandboxes({ port: 0, dir });
  const env = Object.fromEntries(
    SUPPLIER_IDS.map((id) => [`SUPPLIER_${id.toUpperCase()}_URL`, sandboxes.urls[id]]),
  );
  t = await startTestServer({ env });
  await seed();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const supplierOffers = () =>
  t.db
    .collection<OfferDoc>('offers')
    .find({ sellerId: DEMO_SUPPLIER_SELLER, 'source.kind': 'supplier' })
    .toArray();

/** The storefront's view of the products the demo seller sells from its suppliers. */
async function storefront(offers: OfferDoc[]): Promise<ProductSales[]> {
  const res = await fetch(`${t.url}/api/public/products/info-multiple-sales`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productIdList: offers.map((o) => o.productId.toHexString()) }),
  });
  expect(res.status).toBe(200);
  return ProductSalesSchema.array().parse(await res.json());
}

describe('demo supplier data', () => {
  it('connects the demo seller to the four sandboxes, each answering its test', async () => {
    const token = await t.signIn('seller@example.com', DEMO_PASSWORD);
    const res = await t.call('GET', '/api/seller/supplier-connections', { token });
    expect(res.status).toBe(200);
    const list = SellerSupplierConnectionSchema.array().parse(await res.json());
    expect(list.map((c) => c.supplier).sort()).toEqual([...SUPPLIER_IDS].sort());
    for (const connection of list) {
      expect(connection.status).toBe('ok');
      expect(connection.lastSyncAt).not.toBeNull();
    }
  });

  it('sells at least ten products per supplier on demand, in stock, on the storefront', async () => {
    const offers = await supplierOffers();
    const sales = await storefront(offers);
    for (const supplier of SUPPLIER_IDS) {
      const mine = offers.filter(
        (o) => o.source?.kind === 'supplier' && o.source.supplier === supplier,
      );
      expect(mine.length, supplier).toBeGreaterThanOrEqual(10);
      for (const offer of mine) {
        expect(offer.source).toMatchObject({ mode: 'onDemand', stockCap: 20 });
        expect(offer.status).toBe('active');
        expect(offer.stock).toBeGreaterThan(0);
        const product = sales.find((p) => p.id === offer.productId.toHexString());
        const sale = product?.offers.allOffers.find((s) => s.offerId === offer._id.toHexString());
        expect(sale).toMatchObject({ sellerId: DEMO_SUPPLIER_SELLER, apiName: supplier });
        expect(sale?.inStock).toBe(true);
        // The rule's rounding: every price ends in .99.
        expect(sale!.prices.eur % 100).toBe(99);
        // The product's price range counts it (the category pages and the JSON-LD show it).
        expect(product!.prices.eur.min).toBeGreaterThan(0);
        expect(product!.prices.eur.min).toBeLessThanOrEqual(sale!.prices.eur);
      }
    }
  });

  it('has no uploaded key behind them: every unit is bought when sold', async () => {
    const offers = await supplierOffers();
    expect(offers).toHaveLength(DEMO_SUPPLIER_OFFERS * SUPPLIER_IDS.length);
    const keys = await t.db
      .collection('keys')
      .countDocuments({ offerId: { $in: offers.map((o) => o._id) } });
    expect(keys).toBe(0);
  });

  it('leaves these products to the suppliers: the demo seller uploads no keys for them', async () => {
    const slugs = demoSupplierPicks().map((p) => p.slug);
    const products = await t.db
      .collection<ProductDoc>('products')
      .find({ slug: { $in: slugs } })
      .toArray();
    expect(products).toHaveLength(slugs.length);
    const uploads = await t.db.collection<OfferDoc>('offers').countDocuments({
      sellerId: DEMO_SUPPLIER_SELLER,
      productId: { $in: products.map((p) => p._id) },
      'source.kind': { $ne: 'supplier' },
    });
    expect(uploads).toBe(0);
  });

  it('changes nothing on a second start', async () => {
    const before = await supplierOffers();
    const connections = await t.db.collection('supplierConnections').countDocuments();
    await seed();
    expect(await t.db.collection('supplierConnections').countDocuments()).toBe(connections);
    expect(await supplierOffers()).toEqual(before);
  });
});
