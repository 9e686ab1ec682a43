import { ObjectId } from 'mongodb';
import {
  EMPTY_BRAND,
  type Brand,
  type CatalogueSearchRequest,
  type CatalogueSearchResult,
  type Currency,
  type Locale,
  type ProductSales,
  type StoreProduct,
} from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { BrandFacade } from '../brands/brands.facade.ts';
import type { OfferDoc, OfferFacade } from '../offers/offers.facade.ts';
import type { PlatformFacade } from '../platforms/platforms.facade.ts';
import type { PriceHistoryService } from '../price-history/price-history.service.ts';
import type { IndexAnswer, IndexQuery } from '../search/catalogue-index.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import {
  offersList,
  salesPriceRange,
  sortSales,
  toSale,
  withRegion,
  type SaleDraft,
} from './product-sales.ts';
import type { ProductDoc, ProductRepository } from './products.repository.ts';
import { localized, productPath, toStoreProduct, type PlatformFacts } from './store-product.ts';

type Deps = {
  products: ProductRepository;
  offers: OfferFacade;
  brands: BrandFacade;
  platforms: PlatformFacade;
  sellers: Pick<SellerFacade, 'standingsByIds'>;
  log: Logger;
  /** Search by words, facets and "did you mean" (modules/search); without it, filters only. */
  words?: { search(q: IndexQuery): Promise<IndexAnswer> };
  /** The prior prices of reductions (Omnibus), read off the price history; without it, none. */
  history?: Pick<PriceHistoryService, 'productReferences' | 'references'>;
  /** Product documents by id kept in memory between writes (a page of word search reads them). */
  cachedByIds?: (ids: ObjectId[]) => Promise<ProductDoc[]>;
};

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The valid ids of a request, once each, in the order asked. */
function parseIds(list: string[]): ObjectId[] {
  const hexes = [...new Set(list.map((id) => id.toLowerCase()))].filter((id) => OBJECT_ID.test(id));
  return hexes.map((hex) => new ObjectId(hex));
}

/** The public catalogue: products by id, their sales, and search. */
export function createCatalogueService(deps: Deps) {
  const { products, offers, brands, platforms, sellers, log, words, history } = deps;
  const docsByIds = deps.cachedByIds ?? products.findByIds;

  /** Products of `ids` in that order; unknown ids are skipped. */
  async function findInOrder(ids: ObjectId[]): Promise<ProductDoc[]> {
    if (!ids.length) return [];
    const byId = new Map((await products.findByIds(ids)).map((p) => [p._id.toHexString(), p]));
    return ids.flatMap((id) => byId.get(id.toHexString()) ?? []);
  }

  async function platformFacts(): Promise<Map<string, PlatformFacts>> {
    return new Map((await platforms.listByPosition()).map((p) => [p._id, p]));
  }

  /** The brand of a product (the spec's subcategory), or the empty brand with a log line. */
  async function brandOf(product: ProductDoc): Promise<Brand> {
    try {
      const brand = await brands.findByIdOrName(product.brand);
      if (brand) return { id: brand._id, name: brand.name };
      log.warn({ productId: product._id.toHexString(), brand: product.brand }, 'brand not found');
    } catch (err) {
      log.error({ err, productId: product._id.toHexString() }, 'brand lookup failed');
    }
    return EMPTY_BRAND;
  }

  async function standingsOf(list: OfferDoc[]) {
    return sellers.standingsByIds([...new Set(list.map((o) => o.sellerId))]);
  }

  /**
   * Live sales per product id and each seller's defect rate (for the ranking); on failure the
   * error is logged and every product has none.
   */
  async function salesByProduct(
    ids: ObjectId[],
  ): Promise<{ byProduct: Map<string, SaleDraft[]>; defectsPer100: (sellerId: string) => number }> {
    const byProduct = new Map<string, SaleDraft[]>();
    let standings: Awaited<ReturnType<typeof standingsOf>> = new Map();
    try {
      const live = await offers.liveOffersOfMany(ids);
      standings = await standingsOf(live);
      for (const offer of live) {
        const key = offer.productId.toHexString();
        const standing = standings.get(offer.sellerId);
        byProduct.set(key, [
          ...(byProduct.get(key) ?? []),
          toSale(
            offer,
            standing?.name ?? offer.sellerId,
            standing?.rating,
            standing?.defectsPer100,
          ),
        ]);
      }
    } catch (err) {
      log.error({ err }, 'offer lookup failed; answering default offers');
      byProduct.clear();
    }
    return { byProduct, defectsPer100: (id) => standings.get(id)?.defectsPer100 ?? 0 };
  }

  /** Store products for a list of product documents. */
  async function toStore(docs: ProductDoc[], locale: Locale): Promise<StoreProduct[]> {
    const [facts, refs] = await Promise.all([platformFacts(), history?.productReferences(docs)]);
    return docs.map((d) => {
      const item = toStoreProduct(d, locale, facts.get(d.platform));
      const referenceCents = refs?.get(d._id.toHexString());
      return referenceCents ? { ...item, referenceCents } : item;
    });
  }

  return {
    toStore,

    /** `info-multiple`: products in the order asked; the first also carries its brand. */
    async infoMultiple(productIdList: string[], locale: Locale): Promise<StoreProduct[]> {
      const docs = await findInOrder(parseIds(productIdList));
      const items = await toStore(docs, locale);
      if (docs[0] && items[0]) items[0] = { ...items[0], subcategory: await brandOf(docs[0]) };
      return items;
    },

    /**
     * `info-multiple-sales`: each product's live sales in the published ranking order on prices
     * in `currency` (`rankOffers`), each with its `apiName` (`marketplace` or the supplier's
     * id) and its seller's rating; `offers.apiName` is the first's.
     */
    async infoMultipleSales(
      productIdList: string[],
      locale: Locale,
      currency: Currency,
    ): Promise<ProductSales[]> {
      // Offers are looked up by the ids asked, alongside the products: one wait, not two.
      const ids = parseIds(productIdList);
      const [docs, { byProduct, defectsPer100 }] = await Promise.all([
        findInOrder(ids),
        salesByProduct(ids),
      ]);
      const refs = await history?.references(
        'offer',
        [...byProduct.values()]
          .flat()
          .map((s) => ({ id: new ObjectId(s.offerId), prices: s.prices })),
      );
      return docs.map((doc) => {
        const sales = (byProduct.get(doc._id.toHexString()) ?? []).map((draft) => {
          const sale = withRegion(draft, doc.region);
          const referenceCents = refs?.get(sale.offerId);
          return referenceCents ? { ...sale, referenceCents } : sale;
        });
        const list = sortSales(sales, currency, defectsPer100);
        return {
          id: doc._id.toHexString(),
          slug: doc.slug,
          url: productPath(locale, doc._id.toHexString(), doc.slug),
          name: localized(doc.name, locale),
          inStock: list.some((s) => s.inStock),
          sales: list,
          prices: salesPriceRange(list),
          offers: offersList(list),
        };
      });
    },

    /**
     * Catalogue search: words, filters, a sort and a 1-based page. Words are matched in the
     * index (by relevance unless a sort is asked); filters alone page through the database, the
     * index adding the facet counts.
     */
    async search(req: CatalogueSearchRequest): Promise<CatalogueSearchResult> {
      const { page, pageSize, q, sort, ...filters } = req;
      const skip = (page - 1) * pageSize;
      if (words && q) {
        const found = await words.search({
          ...filters,
          q,
          sort: sort ?? 'relevance',
          skip,
          limit: pageSize,
        });
        const byId = new Map(
          (await docsByIds(found.ids.map((id) => new ObjectId(id)))).map((p) => [
            p._id.toHexString(),
            p,
          ]),
        );
        const rows = found.ids.flatMap((id) => byId.get(id) ?? []);
        return {
          items: await toStore(rows, req.locale),
          total: found.total,
          page,
          pageSize,
          facets: found.facets,
          ...(found.didYouMean !== undefined && { didYouMean: found.didYouMean }),
        };
      }
      const [{ rows, total }, counted] = await Promise.all([
        products.search({ ...filters, sort: sort ?? 'newest', skip, limit: pageSize }),
        words?.search({ ...filters, q: '', sort: 'newest', skip: 0, limit: 0 }),
      ]);
      return {
        items: await toStore(rows, req.locale),
        total,
        page,
        pageSize,
        ...(counted && { facets: counted.facets }),
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
