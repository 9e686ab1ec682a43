import { MongoServerError, ObjectId } from 'mongodb';
import {
  denominationIssue,
  slugOf,
  type AdminProduct,
  type ProductCreate,
  type ProductUpdate,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { BrandFacade } from '../brands/brands.facade.ts';
import type { PlatformFacade } from '../platforms/platforms.facade.ts';
import {
  NO_PRICE_RANGE,
  type ProductDoc,
  type ProductListFilter,
  type ProductPage,
  type ProductRepository,
} from './products.repository.ts';
import { productPrices } from './store-product.ts';

/** An id from a URL or filter as an ObjectId; null when it cannot be one (answered as not found). */
export function toObjectId(hex: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(hex) ? new ObjectId(hex) : null;
}

/** A product as the admin console shows it. */
export function toAdminProduct(doc: ProductDoc, offerCount: number): AdminProduct {
  return {
    id: doc._id.toHexString(),
    slug: doc.slug,
    name: { en: doc.name.en, it: doc.name.it },
    description: { en: doc.description.en, it: doc.description.it },
    categoryId: doc.categoryId,
    brand: doc.brand,
    platform: doc.platform,
    region: doc.region,
    type: doc.type,
    denomination: doc.denomination
      ? { amount: doc.denomination.amount, currency: doc.denomination.currency }
      : null,
    images: doc.images,
    tags: doc.tags,
    prices: productPrices(doc),
    offerCount,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: message } });

const slugTaken = () =>
  new AppError('CONFLICT', {
    message: 'Another product has this slug',
    errors: { slug: 'Already in use by another product' },
  });

const isDuplicateKey = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** How many numbered variants of a derived slug are tried before giving up with 409. */
const DERIVED_SLUG_ATTEMPTS = 20;

/** What creating a product needs beyond the validated fields. */
export type CreateOptions = {
  /** Create a brand that does not exist yet (an approved proposal), instead of refusing it. */
  createBrand?: boolean;
  /** The new product's id, when the caller recorded it beforehand. */
  id?: ObjectId;
};

type Deps = {
  products: ProductRepository;
  platforms: Pick<PlatformFacade, 'listByPosition'>;
  brands: Pick<BrandFacade, 'findByIdOrName' | 'upsert'>;
};

/** The admin's product management: references are checked, slugs kept unique. */
export function createProductAdminService({ products, platforms, brands }: Deps) {
  const withOfferCounts = async (docs: ProductDoc[]) => {
    const counts = await products.offerCounts(docs.map((d) => d._id));
    return docs.map((d) => toAdminProduct(d, counts.get(d._id.toHexString()) ?? 0));
  };

  const existing = async (id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await products.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND', { message: 'No such product' });
    return doc;
  };

  /** A platform must be one of the marketplace's (the storefront names it and links its guide). */
  async function checkPlatform(slug: string): Promise<void> {
    const known = await platforms.listByPosition();
    if (!known.some((p) => p._id === slug)) throw invalid('platform', 'Unknown platform');
  }

  /** The stored brand name for a brand id or name; products keep the name, as the seed does. */
  async function brandName(value: string, create: boolean): Promise<string> {
    const found =
      (await brands.findByIdOrName(value)) ?? (await brands.findByIdOrName(slugOf(value)));
    if (found) return found.name;
    if (!create) throw invalid('brand', 'Unknown brand: add it under Brands first');
    await brands.upsert({ _id: slugOf(value), name: value });
    return value;
  }

  /** Checks the references of new product fields; throws 400 with the field at fault. */
  async function checkReferences(input: Pick<ProductCreate, 'platform'>): Promise<void> {
    await checkPlatform(input.platform);
  }

  /** Inserts with the given slug, or with the derived one and then numbered variants of it. */
  async function insertWithSlug(doc: Omit<ProductDoc, 'slug'>, slug: string | undefined) {
    const base = slugOf(doc.name.en).slice(0, 110).replace(/-$/, '') || 'product';
    const candidates = slug
      ? [slug]
      : Array.from({ length: DERIVED_SLUG_ATTEMPTS }, (_, i) => (i ? `${base}-${i + 1}` : base));
    for (const candidate of candidates) {
      try {
        const full = { ...doc, slug: candidate };
        await products.insert(full);
        return full;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw slugTaken();
  }

  return {
    checkReferences,

    async list(
      filter: Omit<ProductListFilter, 'ids'> & { id?: string | string[] | undefined },
      page: ProductPage,
    ) {
      const { id, ...rest } = filter;
      const ids =
        id === undefined
          ? undefined
          : (Array.isArray(id) ? id : [id]).flatMap((hex) => toObjectId(hex) ?? []);
      const { rows, total } = await products.page({ ...rest, ids }, page);
      return { rows: await withOfferCounts(rows), total };
    },

    async get(id: string): Promise<AdminProduct> {
      const [product] = await withOfferCounts([await existing(id)]);
      return product!;
    },

    /** A new product, unsold (no prices); 400 for unknown references, 409 for a taken slug. */
    async create(input: ProductCreate, options: CreateOptions = {}): Promise<AdminProduct> {
      await checkReferences(input);
      const brand = await brandName(input.brand, options.createBrand ?? false);
      const now = new Date();
      const doc = await insertWithSlug(
        {
          _id: options.id ?? new ObjectId(),
          categoryId: input.categoryId,
          brand,
          platform: input.platform,
          region: input.region,
          type: input.type,
          name: input.name,
          description: input.description,
          images: input.images,
          tags: input.tags,
          ...(input.denomination && { denomination: input.denomination }),
          ...NO_PRICE_RANGE,
          createdAt: now,
          updatedAt: now,
        },
        input.slug,
      );
      return toAdminProduct(doc, 0);
    },

    /** Changes the given fields; the gift-card rule is checked on the product as it would become. */
    async update(id: string, input: ProductUpdate): Promise<AdminProduct> {
      const current = await existing(id);
      const type = input.type ?? current.type;
      const denomination =
        input.denomination === undefined ? (current.denomination ?? null) : input.denomination;
      const issue = denominationIssue(type, denomination);
      if (issue) throw invalid('denomination', issue);
      if (input.platform !== undefined && input.platform !== current.platform) {
        await checkPlatform(input.platform);
      }
      const brand =
        input.brand !== undefined && input.brand !== current.brand
          ? await brandName(input.brand, false)
          : undefined;
      // A denomination is set or removed as a whole: the stored document has it only when set.
      const set: Partial<ProductDoc> = { ...input, brand, denomination: denomination ?? undefined };
      for (const key of Object.keys(set) as (keyof ProductDoc)[]) {
        if (set[key] === undefined) delete set[key];
      }
      let updated: ProductDoc | null;
      try {
        updated = await products.update(current._id, set, denomination ? [] : ['denomination']);
      } catch (err) {
        if (isDuplicateKey(err)) throw slugTaken();
        throw err;
      }
      if (!updated) throw new AppError('NOT_FOUND', { message: 'No such product' });
      const [product] = await withOfferCounts([updated]);
      return product!;
    },

    /** Deletes a product nobody offers; 409 while offers (of any status) exist on it. */
    async remove(id: string): Promise<AdminProduct> {
      const current = await existing(id);
      const offers = (await products.offerCounts([current._id])).get(id.toLowerCase()) ?? 0;
      if (offers > 0) {
        throw new AppError('CONFLICT', {
          message: `This product has ${offers} offer(s): it cannot be deleted while sellers offer it`,
        });
      }
      const deleted = await products.deleteById(current._id);
      if (!deleted) throw new AppError('NOT_FOUND', { message: 'No such product' });
      return toAdminProduct(deleted, 0);
    },
  };
}
export type ProductAdminService = ReturnType<typeof createProductAdminService>;
