import { ObjectId } from 'mongodb';
import type { HomeContent, HomeContentUpdate } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { HomeContentDoc, HomeContentRepository } from './home-content.repository.ts';

const toHomeContent = (doc: HomeContentDoc | null): HomeContent => ({
  id: 'home',
  featuredProductIds: doc?.featuredProductIds ?? [],
  banners: doc?.banners ?? [],
  updatedAt: doc?.updatedAt.toISOString() ?? null,
});

/** The home page's admin-picked content: featured products in order, and banners. */
export function createHomeContentService(deps: {
  homeContent: HomeContentRepository;
  products: Pick<ProductFacade, 'findByIds'>;
}) {
  const { homeContent, products } = deps;
  return {
    /** The content; empty until an admin first saves it. */
    get: async () => toHomeContent(await homeContent.get()),

    /** Saves the content; every featured id must name an existing product. */
    async update(input: HomeContentUpdate): Promise<HomeContent> {
      const ids = input.featuredProductIds;
      const found = await products.findByIds(ids.map((id) => new ObjectId(id)));
      const known = new Set(found.map((p) => p._id.toHexString()));
      const unknown = ids.filter((id) => !known.has(id.toLowerCase()));
      if (unknown.length) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { featuredProductIds: `Unknown products: ${unknown.join(', ')}` },
        });
      }
      const saved = await homeContent.save({
        featuredProductIds: ids.map((id) => id.toLowerCase()),
        banners: input.banners,
      });
      return toHomeContent(saved);
    },
  };
}
export type HomeContentService = ReturnType<typeof createHomeContentService>;
