import { MongoServerError, ObjectId } from 'mongodb';
import {
  UPLOAD_KEY_CODE_PATTERN,
  type ActivationRegion,
  type KeyUploadResult,
  type OfferSource,
  type OfferStatus,
  type SellerOffer,
  type SellerOfferCreate,
  type SellerOfferUpdate,
  type SupplierId,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { normaliseKeyCode } from '../keys/key-code.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { ProductDoc, ProductFacade } from '../products/products.facade.ts';
import { toObjectId, toObjectIds } from './object-ids.ts';
import { keepConversions } from './offer-prices.ts';
import type { OfferPricing } from './offer-pricing.ts';
import type { OfferDoc, OfferRepository, OfferSourceDoc } from './offers.repository.ts';
import { isSupplierOffer, type SupplierOffers } from './supplier-offers.ts';
import type { SupplierRestock } from './supplier-restock.ts';

/** An offer's source as the consoles show it (an offer without one is an upload offer). */
export function toOfferSource(source: OfferSourceDoc | undefined): OfferSource {
  if (source?.kind !== 'supplier') return { kind: 'upload' };
  return {
    kind: 'supplier',
    supplier: source.supplier,
    connectionId: source.connectionId,
    sku: source.sku,
    mode: source.mode,
    stockCap: source.stockCap,
    costCeiling: source.costCeiling,
    pricing: source.pricing,
    cost: source.cost,
    supplierQuantity: source.supplierQuantity,
    syncedAt: source.syncedAt.toISOString(),
    pausedBySync: source.pausedBySync,
  };
}

/** An offer as the seller console shows it. */
export function toSellerOffer(
  doc: OfferDoc,
  product: Pick<ProductDoc, 'name' | 'region'> | undefined,
): SellerOffer {
  return {
    id: doc._id.toHexString(),
    productId: doc.productId.toHexString(),
    productName: product?.name.en ?? '',
    prices: { eur: doc.prices.eur, usd: doc.prices.usd, gbp: doc.prices.gbp },
    stock: doc.stock,
    zeroVat: doc.zeroVat,
    // An offer from before regions activates where its product does.
    region: doc.region ?? product?.region ?? 'Global',
    status: doc.status,
    source: toOfferSource(doc.source),
    createdAt: doc.createdAt.toISOString(),
  };
}

/**
 * What a key upload splits the codes into, before touching the database: well-formed codes as
 * uploaded (trimmed), the first of each set of codes that are one key (key-code.ts), and counts.
 */
export function sortUploadedCodes(codes: string[]): {
  fresh: string[];
  invalid: number;
  repeated: number;
} {
  const seen = new Map<string, string>();
  let invalid = 0;
  let repeated = 0;
  for (const raw of codes) {
    const code = raw.trim();
    const key = normaliseKeyCode(code);
    if (!UPLOAD_KEY_CODE_PATTERN.test(code)) invalid++;
    else if (seen.has(key)) repeated++;
    else seen.set(key, code);
  }
  return { fresh: [...seen.values()], invalid, repeated };
}

/** How many of another seller's keys an audit entry lists (the count says how many in all). */
const AUDITED_HOLDERS = 20;

/** The seller console's offers: every call is scoped to the calling seller's shop. */
export function createSellerOfferService(deps: {
  offers: OfferRepository;
  products: ProductFacade;
  keys: KeyFacade;
  vault: KeyVault;
  pricing: OfferPricing;
  supplierOffers: SupplierOffers;
  supplierRestock: SupplierRestock;
  auditLog: AuditLog;
  /**
   * Where a supplier's product activates, as its catalogue import read it (docs/regions.md);
   * null when the catalogue was not imported or names no region.
   */
  supplierRegion?: (supplier: SupplierId, sku: string) => Promise<ActivationRegion | null>;
}) {
  const { offers, products, keys, vault, pricing, supplierOffers, auditLog } = deps;

  /** A supplier source's region as the supplier reports it; null when unknown. */
  const reportedRegion = async (source: OfferSourceDoc | undefined) =>
    source?.kind === 'supplier'
      ? ((await deps.supplierRegion?.(source.supplier, source.sku)) ?? null)
      : null;

  const withProductNames = async (docs: OfferDoc[]) => {
    const ids = [...new Set(docs.map((d) => d.productId.toHexString()))].map(
      (hex) => new ObjectId(hex),
    );
    const byId = new Map((await products.findByIds(ids)).map((p) => [p._id.toHexString(), p]));
    return docs.map((d) => toSellerOffer(d, byId.get(d.productId.toHexString())));
  };

  const ownOffer = async (sellerId: string, id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await offers.findOwn(oid, sellerId));
    // Another seller's offer answers exactly like a missing one.
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  return {
    async list(
      sellerId: string,
      q: ListQuery,
      filter: {
        id?: string | string[] | undefined;
        status?: OfferStatus | undefined;
        productId?: string | undefined;
        stockAtLeast?: number | undefined;
        stockAtMost?: number | undefined;
      },
    ) {
      const productId = filter.productId ? toObjectId(filter.productId) : undefined;
      // A product id that cannot exist matches nothing, like an unknown one.
      if (productId === null) return { rows: [], total: 0 };
      const { rows, total } = await offers.pageOfSeller(sellerId, q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        status: filter.status,
        productId,
        stock: { min: filter.stockAtLeast, max: filter.stockAtMost },
      });
      return { rows: await withProductNames(rows), total };
    },

    async get(sellerId: string, id: string): Promise<SellerOffer> {
      const [offer] = await withProductNames([await ownOffer(sellerId, id)]);
      return offer!;
    },

    /**
     * A new offer: uploaded keys (none yet, so not live) at the seller's prices, or a supplier's
     * keys priced by the offer's rule (on demand, live at once when the supplier has stock).
     * 404 for an unknown product, 409 for a second offer, 400 for a source that cannot be used.
     */
    async create(sellerId: string, input: SellerOfferCreate): Promise<SellerOffer> {
      const productId = new ObjectId(input.productId);
      const [product] = await products.findByIds([productId]);
      if (!product) throw new AppError('NOT_FOUND', { message: 'Unknown product' });
      const now = new Date();
      const fields =
        input.source.kind === 'supplier'
          ? await supplierOffers.build(sellerId, input.source, null, input)
          : {
              // The schema requires prices for uploads.
              ...(await pricing.complete(input.prices!)),
              status: input.status,
              stock: 0,
              source: { kind: 'upload' as const },
            };
      const doc: OfferDoc = {
        _id: new ObjectId(),
        productId,
        sellerId,
        stock: 0,
        zeroVat: input.zeroVat,
        // The seller's word, else the supplier's, else the product's (docs/regions.md).
        region: input.region ?? (await reportedRegion(fields.source)) ?? product.region,
        ...fields,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await offers.insert(doc);
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) {
          throw new AppError('CONFLICT', {
            message: 'You already sell this product',
            errors: { productId: 'You already sell this product' },
          });
        }
        throw err;
      }
      if (doc.stock > 0) await pricing.refreshRanges([productId]);
      return toSellerOffer(doc, product);
    },

    /**
     * Changes an own offer. A supplier-backed offer's prices follow its rule (given prices are
     * ignored); `source` replaces its source, an upload offer turned to a supplier's or back
     * (then with prices, and its keys as stock). A status sent unchanged is no decision: a pause
     * the sync made stays the sync's to lift.
     */
    async update(sellerId: string, id: string, input: SellerOfferUpdate): Promise<SellerOffer> {
      const current = await ownOffer(sellerId, id);
      const statusChange = input.status !== undefined && input.status !== current.status;
      if (statusChange && current.status === 'hidden') {
        throw new AppError('CONFLICT', {
          message: 'The marketplace has hidden this offer',
          errors: { status: 'The marketplace has hidden this offer' },
        });
      }
      const wanted = {
        status: statusChange ? input.status! : current.status,
        zeroVat: input.zeroVat ?? current.zeroVat,
      };
      // A supplier source given, or kept: priced, stocked and paused by its rule.
      const supplierFields =
        input.source?.kind === 'supplier'
          ? await supplierOffers.build(sellerId, input.source, current, wanted)
          : input.source === undefined && isSupplierOffer(current)
            ? await supplierOffers.reprice(current, { ...wanted, bump: true })
            : null;
      // A new supplier source brings the region its supplier reports, unless the seller says.
      const region =
        input.region ??
        (input.source?.kind === 'supplier' ? await reportedRegion(supplierFields?.source) : null);
      const regionSet = region ? { region } : {};
      let updated;
      if (supplierFields) {
        const { source, ...fields } = supplierFields;
        const set = { ...fields, zeroVat: wanted.zeroVat, ...regionSet };
        // A supplier offer keeps its restock batches as they are: a restock may run meanwhile.
        updated = isSupplierOffer(current)
          ? await offers.updateOwnSupplier(current._id, sellerId, set, source)
          : await offers.updateOwn(current._id, sellerId, { ...set, source });
      } else if (isSupplierOffer(current)) {
        // Back to uploads: the seller prices it again, and its stock is the keys it holds.
        if (!input.prices) {
          throw new AppError('VALIDATION_FAILED', { errors: { 'prices.eur': 'Required' } });
        }
        if (current.source.openBatch) {
          throw new AppError('CONFLICT', {
            message: 'A restock of this offer is still being bought',
            errors: { source: 'A restock of this offer is still being bought' },
          });
        }
        updated = await offers.updateOwn(current._id, sellerId, {
          ...(await pricing.complete(input.prices)),
          ...wanted,
          ...regionSet,
          source: { kind: 'upload' },
          stock: await keys.countAvailable(current._id),
        });
      } else {
        updated = await offers.updateOwn(current._id, sellerId, {
          ...(input.prices && (await pricing.complete(keepConversions(input.prices, current)))),
          ...wanted,
          ...regionSet,
        });
      }
      if (!updated) throw new AppError('NOT_FOUND');
      await pricing.refreshRanges([updated.productId]);
      const [offer] = await withProductNames([updated]);
      return offer!;
    },

    /** Buys keys for a stocked supplier offer now (supplier-restock.ts). */
    restock: deps.supplierRestock.restock,

    /**
     * Adds keys to an own offer, stored encrypted as uploaded. Codes already among the seller's
     * keys (by keyed hash, separators and case ignored) or repeated in the upload are duplicates;
     * malformed codes and codes another seller holds are both "rejected", so the report never
     * tells a seller that a code is in circulation elsewhere: admins are told, in the audit log
     * (sellers, offers and hashes, never a code). Answers counts only.
     */
    async uploadKeys(
      ctx: AuditContext,
      sellerId: string,
      id: string,
      codes: string[],
    ): Promise<KeyUploadResult> {
      const offer = await ownOffer(sellerId, id);
      if (isSupplierOffer(offer) && offer.source.mode === 'onDemand') {
        // Its stock is what the supplier declares: keys of the seller's own have no place in it.
        throw new AppError('CONFLICT', {
          message:
            'An on-demand offer sells its supplier’s keys: upload to an offer of your own keys',
        });
      }
      const { fresh, invalid, repeated } = sortUploadedCodes(codes);
      const now = new Date();
      const { inserted, skippedHashes } = await keys.insertNew(
        fresh.map((code) => ({
          offerId: offer._id,
          productId: offer.productId,
          sellerId,
          hash: vault.hash(code),
          secret: vault.encrypt(code),
          status: 'available' as const,
          source: 'upload' as const,
          createdAt: now,
        })),
      );
      const holders = skippedHashes.length ? await keys.holdersOf(skippedHashes) : [];
      const own = holders.filter((h) => h.sellerId === sellerId).length;
      // A skipped hash with no holder found counts as held elsewhere: the report says nothing.
      const elsewhere = skippedHashes.length - own;
      if (elsewhere) {
        const others = holders.filter((h) => h.sellerId !== sellerId);
        await auditLog.record(ctx, {
          action: 'key.uploadRejected',
          target: { type: 'offer', id: offer._id.toHexString() },
          reason: 'Uploaded codes another seller holds',
          details: {
            sellerId,
            offerId: offer._id.toHexString(),
            productId: offer.productId.toHexString(),
            count: elsewhere,
            holders: others.slice(0, AUDITED_HOLDERS).map((h) => ({
              sellerId: h.sellerId,
              offerId: h.offerId.toHexString(),
              productId: h.productId.toHexString(),
              keyId: h._id.toHexString(),
              hash: h.hash,
            })),
          },
        });
      }
      const stock = await keys.countAvailable(offer._id);
      await offers.setStock(offer._id, stock);
      await pricing.refreshRanges([offer.productId]);
      return {
        accepted: inserted,
        duplicates: repeated + own,
        rejected: invalid + elsewhere,
        stock,
      };
    },
  };
}
export type SellerOfferService = ReturnType<typeof createSellerOfferService>;
