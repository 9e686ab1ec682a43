import { PAYMENT_METHODS, type Locale, type PublicState } from '@market/shared';
import type { CategoryService } from '../categories/categories.service.ts';
import type { MacrocategoryService } from '../macrocategories/macrocategories.service.ts';
import type { OfferRepository } from '../offers/offers.repository.ts';
import type { PlatformRepository } from '../platforms/platforms.repository.ts';
import type { ProductRepository } from '../products/products.repository.ts';
import type { CatalogueService } from '../products/products.service.ts';

const FEATURED = 8;
const TOP_TAGS = 20;

/** The storefront's global state, computed on every call (no instance keeps it). */
export function createPublicStateService(deps: {
  products: ProductRepository;
  offers: OfferRepository;
  platforms: PlatformRepository;
  categories: CategoryService;
  macrocategories: MacrocategoryService;
  catalogue: CatalogueService;
}) {
  const { products, offers, platforms, categories, macrocategories, catalogue } = deps;

  /** Featured: the products with the most keys on sale, in that order. */
  async function featured(locale: Locale) {
    const ids = await offers.bestStockedProductIds(FEATURED);
    const byId = new Map((await products.findByIds(ids)).map((p) => [p._id.toHexString(), p]));
    const docs = ids.flatMap((id) => byId.get(id.toHexString()) ?? []);
    return catalogue.toStore(docs, locale);
  }

  return {
    /** Reviews, stats, tags, payments, platforms, home content, categories and macrocategories. */
    async get(locale: Locale): Promise<PublicState> {
      const [productCount, live, tags, platformDocs, home, categoryList, macroList] =
        await Promise.all([
          products.count(),
          offers.liveStats(),
          products.topTags(TOP_TAGS),
          platforms.listByPosition(),
          featured(locale),
          categories.list(locale),
          macrocategories.list(locale),
        ]);
      return {
        // Reviews arrive with the orders and reviews module; until then there are none.
        reviews: [],
        stats: { products: productCount, sellers: live.sellers, offers: live.offers },
        tags,
        payments: [...PAYMENT_METHODS],
        platforms: platformDocs.map((p) => ({ slug: p._id, name: p.name, guidePath: p.guidePath })),
        home: { featured: home },
        categories: categoryList,
        macrocategories: macroList,
      };
    },
  };
}
export type PublicStateService = ReturnType<typeof createPublicStateService>;
