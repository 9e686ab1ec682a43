import type { Auth } from 'firebase-admin/auth';
import type { Db, ObjectId } from 'mongodb';
import type { Logger } from '../logger.ts';
import { createBrandRepository } from '../modules/brands/brands.repository.ts';
import { createExchangeRateRepository } from '../modules/exchange-rates/exchange-rates.repository.ts';
import type { KeyVault } from '../modules/keys/key-vault.ts';
import { createKeyRepository } from '../modules/keys/keys.repository.ts';
import { createMacrocategoryRepository } from '../modules/macrocategories/macrocategories.repository.ts';
import { completePrices, priceRange } from '../modules/offers/offer-prices.ts';
import { createOfferRepository, type OfferDoc } from '../modules/offers/offers.repository.ts';
import { createPlatformRepository } from '../modules/platforms/platforms.repository.ts';
import {
  createProductRepository,
  NO_PRICE_RANGE,
} from '../modules/products/products.repository.ts';
import { createSellerRepository } from '../modules/sellers/sellers.repository.ts';
import { createTagRepository } from '../modules/tags/tags.repository.ts';
import { createUserRepository } from '../modules/users/users.repository.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SELLERS,
  demoCatalogue,
  demoKeyCode,
  seededRandom,
  slugify,
} from './demo-catalogue.ts';
import { seedDemoClaims } from './demo-claims.ts';
import { seedDemoImages } from './demo-images.ts';
import { seedDemoPayouts } from './demo-payouts.ts';
import { seedDemoPriceHistory } from './demo-price-history.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { DEMO_SUPPLIER_SELLER, demoSupplierPicks } from './demo-suppliers.ts';

// Kept importable from here for the seed's tests.

/** Creates the demo accounts in the identity provider (idempotent) and mirrors them in `users`. */
async function seedAccounts(db: Db, auth: Auth): Promise<void> {
  const users = createUserRepository(db);
  for (const account of DEMO_ACCOUNTS) {
    try {
      await auth.createUser({
        uid: account.uid,
        email: account.email,
        password: DEMO_PASSWORD,
        emailVerified: true,
        displayName: `${account.name} ${account.surname}`,
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw err;
    }
    const claims = account.sellerId
      ? { role: account.role, sellerId: account.sellerId }
      : { role: account.role };
    await auth.setCustomUserClaims(account.uid, claims);
    await users.insertIfMissing({
      _id: account.uid,
      email: account.email,
      name: account.name,
      surname: account.surname,
      image: null,
      role: account.role,
      sellerId: account.sellerId,
      blocked: false,
      emailVerified: true,
      locale: 'en',
      loginMethod: 'password',
      marketingConsent: false,
      referrer: null,
      createdAt: new Date(),
      lastSignInAt: null,
    });
  }
}

/** Macrocategories, platforms and exchange rates every deployment starts with (run on every start); never overwrites edits. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await createMacrocategoryRepository(db).ensureDefaults();
  await createPlatformRepository(db).ensureDefaults();
  await createExchangeRateRepository(db).ensureDefaults();
  // Products keep tag ids; a tag used by a product but without a document gets one.
  await createTagRepository(db).ensureExist(await createProductRepository(db).distinctTags());
}

/** The tags of the demo catalogue, each with its document. */
async function seedTags(db: Db): Promise<void> {
  await createTagRepository(db).ensureExist(demoCatalogue().flatMap((p) => p.tags));
}

/** The brands of the demo catalogue, each once, keyed by the slug of its name. */
async function seedBrands(db: Db): Promise<void> {
  const brands = createBrandRepository(db);
  const names = new Set(demoCatalogue().map((p) => p.brand));
  for (const name of names) await brands.upsert({ _id: slugify(name), name });
}

/** Products, sellers, offers and encrypted keys. Every write is an upsert or skips duplicates. */
async function seedCatalogue(db: Db, vault: KeyVault): Promise<void> {
  const products = createProductRepository(db);
  const offers = createOfferRepository(db);
  const keys = createKeyRepository(db);
  const sellers = createSellerRepository(db);
  const rand = seededRandom(7);
  const now = new Date();
  const supplied = new Set(demoSupplierPicks().map((p) => p.slug));

  for (const s of DEMO_SELLERS) {
    const uid = DEMO_ACCOUNTS.find((a) => a.sellerId === s.id)?.uid ?? null;
    const { id, ...trader } = s;
    await sellers.upsert({
      _id: id,
      uid,
      ...trader,
      image: null,
      status: 'approved',
      statusReason: null,
      createdAt: now,
      decidedAt: now,
    });
  }

  // Demo prices are EUR; USD and GBP follow the exchange rates, as a seller's EUR-only offer does.
  const rates = await createExchangeRateRepository(db).current();
  for (const item of demoCatalogue()) {
    const { basePrice, ...fields } = item;
    const product = await products.upsertBySlug({
      ...fields,
      images: [],
      ...NO_PRICE_RANGE,
      createdAt: now,
      updatedAt: now,
    });
    if (!product) continue;
    const sellerCount = 1 + Math.floor(rand() * DEMO_SELLERS.length);
    const live: OfferDoc[] = [];
    for (const seller of DEMO_SELLERS.slice(0, sellerCount)) {
      const eur = Math.max(99, Math.round(basePrice * (0.9 + rand() * 0.2)));
      const codes = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => demoKeyCode(rand));
      // The demo seller sells these from its suppliers (demo-suppliers.ts); the draws above are
      // made all the same, so every other offer and key is what it always was.
      if (seller.id === DEMO_SUPPLIER_SELLER && supplied.has(fields.slug)) continue;
      const offer = await offers.upsert({
        productId: product._id,
        sellerId: seller.id,
        ...completePrices({ eur }, rates),
        stock: 0,
        zeroVat: false,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      });
      if (!offer) continue;
      await keys.insertNew(
        codes.map((code) => ({
          offerId: offer._id as ObjectId,
          productId: product._id,
          sellerId: seller.id,
          hash: vault.hash(code),
          secret: vault.encrypt(code),
          status: 'available' as const,
          source: 'upload' as const,
          createdAt: now,
        })),
      );
      const stock = await keys.countAvailable(offer._id);
      await offers.setStock(offer._id, stock);
      if (stock > 0) live.push({ ...offer, stock });
    }
    await products.setPriceRange(product._id, priceRange(live));
  }
}

/**
 * Demo data on first start; later starts find it and change nothing. A start that was killed
 * half-way finishes the job, since every step is idempotent and the marker is written last.
 */
export async function seedDemoData(
  db: Db,
  auth: Auth,
  vault: KeyVault,
  log: Logger,
): Promise<void> {
  await seedAccounts(db, auth);
  await seedBrands(db);
  await seedTags(db);
  await seedDemoPayouts(db, log);
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (!(await meta.findOne({ _id: 'demo-catalogue-v1' }))) {
    const started = Date.now();
    await seedCatalogue(db, vault);
    await meta.updateOne(
      { _id: 'demo-catalogue-v1' },
      { $set: { at: new Date() } },
      { upsert: true },
    );
    log.info({ ms: Date.now() - started }, 'demo catalogue seeded');
  }
  // Reviews of the catalogue's offers, with their own marker (older demo data gets them too).
  await seedDemoReviews(db, log);
  // One open defective-key claim of the demo buyer (its own marker too).
  await seedDemoClaims(db, log);
  // Pictures for demo products that have none (older demo data gets them too).
  await seedDemoImages(db, log);
  // 90 days of prices, some reduced, for the charts and prior prices (its own marker too).
  await seedDemoPriceHistory(db, log);
}
