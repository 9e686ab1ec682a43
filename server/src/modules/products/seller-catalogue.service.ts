import type { SellerCatalogueProduct } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { toObjectId } from './product-admin.service.ts';
import type {
  ProductDoc,
  ProductListFilter,
  ProductPage,
  ProductRepository,
} from './products.repository.ts';
import { productPrices } from './store-product.ts';

function toCatalogueProduct(doc: ProductDoc, myOfferId: string | null): SellerCatalogueProduct {
  return {
    id: doc._id.toHexString(),
    name: doc.name.en,
    categoryId: doc.categoryId,
    platform: doc.platform,
    region: doc.region,
    type: doc.type,
    prices: productPrices(doc),
    myOfferId,
  };
}

/** What a seller's catalogue list filters on (`id` is react-admin's getMany). */
export type SellerCatalogueFilter = Pick<ProductListFilter, 'q' | 'categoryId' | 'platform'> & {
  id?: string | string[] | undefined;
};

/** The catalogue as a seller sees it: read-only, each product with the caller's own offer id. */
export function createSellerCatalogueService({ products }: { products: ProductRepository }) {
  const withMyOffers = async (sellerId: string, docs: ProductDoc[]) => {
    const mine = await products.offerIdsOfSeller(
      docs.map((d) => d._id),
      sellerId,
    );
    return docs.map((d) => toCatalogueProduct(d, mine.get(d._id.toHexString()) ?? null));
  };

  return {
    async list(sellerId: string, filter: SellerCatalogueFilter, page: ProductPage) {
      const { id, ...rest } = filter;
      const ids =
        id === undefined
          ? undefined
          : (Array.isArray(id) ? id : [id]).flatMap((hex) => toObjectId(hex) ?? []);
      const { rows, total } = await products.page({ ...rest, ids }, page);
      return { rows: await withMyOffers(sellerId, rows), total };
    },

    async get(sellerId: string, id: string): Promise<SellerCatalogueProduct> {
      const oid = toObjectId(id);
      const doc = oid && (await products.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such product' });
      const [product] = await withMyOffers(sellerId, [doc]);
      return product!;
    },
  };
}
export type SellerCatalogueService = ReturnType<typeof createSellerCatalogueService>;
