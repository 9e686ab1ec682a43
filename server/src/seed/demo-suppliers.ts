import type { Db } from 'mongodb';
import {
  SUPPLIER_IDS,
  SUPPLIER_NAMES,
  SupplierConnectionCreateSchema,
  type SupplierId,
} from '@market/shared';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../logger.ts';
import type { Container } from '../container.ts';
import type { ProductDoc } from '../modules/products/products.repository.ts';
import { seedSandboxCatalogue } from '../sandboxes/suppliers/catalogue.ts';
import { SUPPLIER_SANDBOX_CREDENTIALS } from '../sandboxes/suppliers/index.ts';
import { DEMO_SELLERS, demoCatalogue } from './demo-catalogue.ts';

/** The demo seller account's shop: it gets the supplier connections and their offers. */
export const DEMO_SUPPLIER_SELLER = DEMO_SELLERS[0].id;

/** On-demand offers per supplier: enough for a newcomer to find one on every page of the store. */
export const DEMO_SUPPLIER_OFFERS = 12;

/** The demo rule: 15 % + 0.50 EUR, prices ending in .99, at most 10 % dearer than today's cost. */
const PRICING = { marginPercent: 15, marginFixedCents: 50, rounding: 'to99' } as const;
const CEILING_PERCENT = 110;
const STOCK_CAP = 20;

export type DemoSupplierPick = { supplier: SupplierId; sku: string; slug: string };

/**
 * The demo products each supplier's sandbox sells for the demo seller: the sandboxes' catalogues
 * start with the demo catalogue spelt their way, so the seeded catalogue (deterministic) names
 * the sku of each demo product. In stock, not a pre-order, and one supplier per product (a
 * seller has one offer per product). The demo catalogue's seed leaves these products to the
 * demo seller's suppliers, without an upload offer of theirs.
 */
export function demoSupplierPicks(): DemoSupplierPick[] {
  const slugOf = new Map(demoCatalogue().map((p) => [p.name.en, p.slug]));
  const taken = new Set<string>();
  const picks: DemoSupplierPick[] = [];
  for (const supplier of SUPPLIER_IDS) {
    let n = 0;
    for (const product of seedSandboxCatalogue(supplier)) {
      if (n === DEMO_SUPPLIER_OFFERS) break;
      const slug = slugOf.get(product.name);
      if (!slug || taken.has(slug) || product.quantity === 0 || product.preOrder) continue;
      taken.add(slug);
      picks.push({ supplier, sku: product.sku, slug });
      n++;
    }
  }
  return picks;
}

const MARKER = 'demo-suppliers-v1';

/**
 * The demo seller's connection to each supplier sandbox (with the credentials it accepts) and
 * its on-demand offers on the picked products, made through the services as the seller console
 * makes them, then one sync so stock and prices are the supplier's. On first start only: a
 * marker, written last, makes later starts change nothing; a start that stopped half-way
 * finishes the job (existing connections and offers are kept).
 */
export async function seedDemoSuppliers(db: Db, container: Container, log: Logger): Promise<void> {
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: MARKER })) return;
  const started = Date.now();
  const sellerId = DEMO_SUPPLIER_SELLER;
  const connections = container.supplierConnectionService;
  const picks = demoSupplierPicks();
  const products = await db
    .collection<ProductDoc>('products')
    .find({ slug: { $in: picks.map((p) => p.slug) } }, { projection: { slug: 1 } })
    .toArray();
  const productIdOf = new Map(products.map((p) => [p.slug, p._id.toHexString()]));
  let offers = 0;
  let kept = 0;
  for (const supplier of SUPPLIER_IDS) {
    const existing = await connections.list(
      sellerId,
      { sort: null, skip: 0, limit: 1, filter: {} },
      { supplier },
    );
    const connection =
      existing.rows[0] ??
      (await connections.create(
        sellerId,
        // Parsed as the console's body is: the credentials' type follows the supplier's.
        SupplierConnectionCreateSchema.parse({
          supplier,
          label: `${SUPPLIER_NAMES[supplier]} sandbox`,
          credentials: SUPPLIER_SANDBOX_CREDENTIALS[supplier],
        }),
      ));
    await connections.test(sellerId, connection.id);
    const mine = picks.filter((p) => p.supplier === supplier);
    const adapter = await connections.supplierFor(connection.id);
    const stock = new Map((await adapter.getStock(mine.map((p) => p.sku))).map((s) => [s.sku, s]));
    for (const pick of mine) {
      const productId = productIdOf.get(pick.slug);
      const cost = stock.get(pick.sku)?.price.cents;
      if (!productId || cost === undefined) continue;
      try {
        await container.sellerOffers.create(sellerId, {
          productId,
          zeroVat: false,
          status: 'active',
          source: {
            kind: 'supplier',
            connectionId: connection.id,
            sku: pick.sku,
            mode: 'onDemand',
            stockCap: STOCK_CAP,
            costCeiling: Math.ceil((cost * CEILING_PERCENT) / 100),
            pricing: PRICING,
          },
        });
        offers++;
      } catch (err) {
        // A start that stopped half-way made it already (or, on demo data older than these
        // offers, the seller sells the product with uploaded keys): keep that one.
        if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
        kept++;
      }
    }
    const report = await container.supplierSync.syncConnection(connection.id);
    if (report.error) throw new Error(`${SUPPLIER_NAMES[supplier]} sync: ${report.error}`);
  }
  await meta.updateOne({ _id: MARKER }, { $set: { at: new Date() } }, { upsert: true });
  log.info({ ms: Date.now() - started, offers, kept }, 'demo supplier offers seeded');
}
