import type { AdminOffer, AdminOfferUpdate, OfferStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import { toObjectId, toObjectIds } from './object-ids.ts';
import { keepConversions } from './offer-prices.ts';
import type { OfferPricing } from './offer-pricing.ts';
import type { OfferDoc, OfferRepository } from './offers.repository.ts';
import { toSellerOffer } from './offers.service.ts';

export type AdminOfferFilter = {
  id?: string | string[] | undefined;
  sellerId?: string | undefined;
  productId?: string | undefined;
  status?: OfferStatus | undefined;
};

/** The admin console's offers: every seller's, with names and key counts, and moderation. */
export function createAdminOfferService(deps: {
  offers: OfferRepository;
  products: ProductFacade;
  sellers: SellerFacade;
  keys: KeyFacade;
  pricing: OfferPricing;
  auditLog: AuditLog;
}) {
  const { offers, products, sellers, keys, pricing, auditLog } = deps;

  /** Rows for a page: one query each for products, sellers and key counts, never one per row. */
  const toAdminOffers = async (docs: OfferDoc[]): Promise<AdminOffer[]> => {
    if (!docs.length) return [];
    const sellerIds = [...new Set(docs.map((d) => d.sellerId))];
    const [productRows, sellerNames, counts] = await Promise.all([
      products.findByIds(docs.map((d) => d.productId)),
      sellers.namesByIds(sellerIds),
      keys.countsByOffer(docs.map((d) => d._id)),
    ]);
    const productsById = new Map(productRows.map((p) => [p._id.toHexString(), p]));
    return docs.map((d) => ({
      ...toSellerOffer(d, productsById.get(d.productId.toHexString())),
      sellerId: d.sellerId,
      sellerName: sellerNames.get(d.sellerId) ?? d.sellerId,
      convertedCurrencies: d.convertedCurrencies ?? [],
      keyCounts: counts.get(d._id.toHexString())!,
    }));
  };

  const findOffer = async (id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await offers.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  return {
    async list(q: ListQuery, filter: AdminOfferFilter) {
      const productId = filter.productId === undefined ? undefined : toObjectId(filter.productId);
      // A product id that cannot exist matches nothing, like an unknown one.
      if (productId === null) return { rows: [], total: 0 };
      const { rows, total } = await offers.page(q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        sellerId: filter.sellerId,
        productId,
        status: filter.status,
      });
      return { rows: await toAdminOffers(rows), total };
    },

    async get(id: string): Promise<AdminOffer> {
      const [offer] = await toAdminOffers([await findOffer(id)]);
      return offer!;
    },

    /** Changes prices and status (`hidden` takes it off the storefront); audited. */
    async update(ctx: AuditContext, id: string, input: AdminOfferUpdate): Promise<AdminOffer> {
      const current = await findOffer(id);
      const updated = await offers.update(current._id, {
        ...(input.prices && (await pricing.complete(keepConversions(input.prices, current)))),
        ...(input.status && { status: input.status }),
      });
      if (!updated) throw new AppError('NOT_FOUND');
      await pricing.refreshRanges([updated.productId]);
      await auditLog.record(ctx, {
        action: 'offer.update',
        target: { type: 'offer', id: updated._id.toHexString() },
        details: {
          status: { from: current.status, to: updated.status },
          prices: { from: current.prices, to: updated.prices },
        },
      });
      const [offer] = await toAdminOffers([updated]);
      return offer!;
    },
  };
}
export type AdminOfferService = ReturnType<typeof createAdminOfferService>;
