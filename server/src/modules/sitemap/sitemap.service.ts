import type { SitemapIndex, SitemapProducts } from '@market/shared';
import type { ProductFacade } from '../products/products.facade.ts';

/**
 * What the storefront's sitemap index and its product sitemaps list: products in pages of
 * `pageSize`, each page dated by its newest product change (`lastmod`).
 */
export function createSitemapService(deps: { products: ProductFacade }) {
  const { products } = deps;
  return {
    async index(pageSize: number): Promise<SitemapIndex> {
      const lastmods = await products.sitemapPages(pageSize);
      return {
        pageSize,
        pages: lastmods.map((lastmod, i) => ({ page: i + 1, lastmod: lastmod.toISOString() })),
      };
    },
    async products(page: number, pageSize: number): Promise<SitemapProducts> {
      const docs = await products.sitemapPage(page, pageSize);
      return {
        items: docs.map((doc) => ({
          id: doc._id.toHexString(),
          slug: doc.slug,
          lastmod: doc.updatedAt.toISOString(),
        })),
      };
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
