import { ObjectId } from 'mongodb';
import {
  PAYMENT_PROVIDERS,
  type Locale,
  type PublicBanner,
  type PublicState,
} from '@market/shared';
import type { CategoryService } from '../categories/categories.service.ts';
import type { HomeContentFacade } from '../home-content/home-content.facade.ts';
import type { MacrocategoryService } from '../macrocategories/macrocategories.service.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { PlatformFacade } from '../platforms/platforms.facade.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { ReviewService } from '../reviews/reviews.service.ts';
import type { CatalogueService } from '../products/products.service.ts';
import type { TagFacade } from '../tags/tags.facade.ts';

const FEATURED = 8;
const TOP_TAGS = 20;
/** Cards in each of the home page's rows (bestsellers, new arrivals, price drops). */
const ROW = 8;

/** The storefront's global state, computed on every call (kept in memory between writes: state-memo.ts). */
export function createPublicStateService(deps: {
  products: ProductFacade;
  offers: OfferFacade;
  platforms: PlatformFacade;
  tags: TagFacade;
  homeContent: HomeContentFacade;
  categories: CategoryService;
  macrocategories: MacrocategoryService;
  catalogue: CatalogueService;
  reviews: Pick<ReviewService, 'latest'>;
  /** The price drops row: products announced as reduced (modules/price-history). */
  priceDropIds: (limit: number) => Promise<ObjectId[]>;
}) {
  const { products, offers, platforms, tags, homeContent, categories, macrocategories, catalogue } =
    deps;

  /** The products of `ids` that still exist, in that order, for the storefront. */
  async function inOrder(ids: ObjectId[], locale: Locale) {
    const byId = new Map((await products.findByIds(ids)).map((p) => [p._id.toHexString(), p]));
    const docs = ids.flatMap((id) => byId.get(id.toHexString()) ?? []);
    return catalogue.toStore(docs, locale);
  }

  /** The admin's featured products in their order; else those with the most keys on sale. */
  async function home(locale: Locale) {
    const content = await homeContent.get();
    const picked = (content?.featuredProductIds ?? []).map((id) => new ObjectId(id));
    let featured = picked.length ? await inOrder(picked, locale) : [];
    // Picks that were all deleted since fall back too: the home page never goes empty.
    if (!featured.length)
      featured = await inOrder(await offers.bestStockedProductIds(FEATURED), locale);
    // The rows buyers browse, each from its own read (home-rows.ts), as cards.
    const row = async (ids: (limit: number) => Promise<ObjectId[]>) =>
      inOrder(await ids(ROW), locale);
    const [bestsellers, newArrivals, priceDrops] = await Promise.all([
      row(homeContent.bestsellerIds),
      row(homeContent.newArrivalIds),
      row(deps.priceDropIds),
    ]);
    const banners: PublicBanner[] = (content?.banners ?? [])
      .filter((b) => b.active)
      .map((b) => ({
        title: b.title[locale],
        subtitle: b.subtitle[locale],
        imageUrl: b.imageUrl,
        linkUrl: b.linkUrl,
      }));
    return { featured, banners, bestsellers, newArrivals, priceDrops };
  }

  /** The most used tags, each named in `locale` (its id when it has no document). */
  async function topTags(locale: Locale) {
    const counts = await products.topTags(TOP_TAGS);
    const names = new Map(
      (await tags.findByIds(counts.map((t) => t.tag))).map((t) => [t._id, t.name[locale]]),
    );
    return counts.map((t) => ({ tag: t.tag, name: names.get(t.tag) ?? t.tag, count: t.count }));
  }

  return {
    /** Reviews, stats, tags, payments, platforms, home content, categories and macrocategories. */
    async get(locale: Locale): Promise<PublicState> {
      const [
        productCount,
        live,
        tagList,
        platformDocs,
        homeContent,
        categoryList,
        macroList,
        reviews,
      ] = await Promise.all([
        products.count(),
        offers.liveStats(),
        topTags(locale),
        platforms.listByPosition(),
        home(locale),
        categories.list(locale),
        macrocategories.list(locale),
        deps.reviews.latest(locale),
      ]);
      return {
        reviews,
        stats: { products: productCount, sellers: live.sellers, offers: live.offers },
        tags: tagList,
        payments: [...PAYMENT_PROVIDERS],
        platforms: platformDocs.map((p) => ({ slug: p._id, name: p.name, guidePath: p.guidePath })),
        home: homeContent,
        categories: categoryList,
        macrocategories: macroList,
      };
    },
  };
}
export type PublicStateService = ReturnType<typeof createPublicStateService>;
