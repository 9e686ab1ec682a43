import type { ProductRepository } from './products.repository.ts';

export type { ProductDoc } from './products.repository.ts';

/**
 * What other modules ask of products — reference data (categories, brands, tags, platforms count
 * and rename what uses them), offers and keys, the cart, favorites, home content and the public
 * state. They are given this, never the repository, so how products are stored stays this
 * module's business.
 */
export function createProductFacade(repo: ProductRepository) {
  return {
    count: repo.count,
    countByCategory: repo.countByCategory,
    countReferencing: repo.countReferencing,
    everyForSearch: repo.everyForSearch,
    findById: repo.findById,
    findByIds: repo.findByIds,
    identities: repo.identities,
    pullTag: repo.pullTag,
    pushImage: repo.pushImage,
    setImagesWhereEmpty: repo.setImagesWhereEmpty,
    renameBrand: repo.renameBrand,
    setPriceRange: repo.setPriceRange,
    sitemapPages: repo.sitemapPages,
    sitemapPage: repo.sitemapPage,
    topTags: repo.topTags,
  };
}
export type ProductFacade = ReturnType<typeof createProductFacade>;
