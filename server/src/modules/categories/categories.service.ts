import type {
  CategoryId,
  CategoryUpdate,
  CategoryWithCount,
  CategoryWithNames,
  Locale,
  PublicCategory,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { CategoryDoc, CategoryRepository } from './categories.repository.ts';

const toPublic = (doc: CategoryDoc, locale: Locale): PublicCategory => ({
  id: doc._id,
  position: doc.position,
  name: doc.name[locale],
});

/** The public category lists, always by position. */
export function createCategoryService(deps: {
  categories: CategoryRepository;
  products: Pick<ProductFacade, 'countByCategory'>;
}) {
  const { categories, products } = deps;
  return {
    /** Categories named in `locale`. */
    async list(locale: Locale): Promise<PublicCategory[]> {
      return (await categories.listByPosition()).map((d) => toPublic(d, locale));
    },

    /** Categories named in `locale`, with the names in every locale. */
    async listWithNames(locale: Locale): Promise<CategoryWithNames[]> {
      const docs = await categories.listByPosition();
      return docs.map((d) => ({ ...toPublic(d, locale), names: { ...d.name } }));
    },

    /** Categories named in `locale`, each with its number of products. */
    async listWithCounts(locale: Locale): Promise<CategoryWithCount[]> {
      const [docs, counts] = await Promise.all([
        categories.listByPosition(),
        products.countByCategory(),
      ]);
      return docs.map((d) => ({ ...toPublic(d, locale), productCount: counts.get(d._id) ?? 0 }));
    },

    /** One category named in `locale`; NOT_FOUND when there is none with that id. */
    async getById(id: string, locale: Locale): Promise<PublicCategory> {
      const doc = await categories.findById(id);
      if (!doc) throw new AppError('NOT_FOUND');
      return toPublic(doc, locale);
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;

/** What the admin console does to categories: edit names and position, delete empty ones. */
export function createCategoryAdminService(deps: {
  categories: CategoryRepository;
  products: Pick<ProductFacade, 'countByCategory'>;
}) {
  const { categories, products } = deps;
  return {
    /** Sets position and names; NOT_FOUND for a deleted or unknown category. */
    async update(id: CategoryId, fields: CategoryUpdate): Promise<CategoryDoc> {
      const doc = await categories.update(id, fields);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    /**
     * Deletes the categories, all or none: CONFLICT naming the product count while any of them
     * holds products, NOT_FOUND when none of them exists.
     */
    async delete(ids: CategoryId[]): Promise<CategoryId[]> {
      const counts = await products.countByCategory();
      const used = ids.filter((id) => (counts.get(id) ?? 0) > 0);
      if (used.length) {
        const detail = used.map((id) => `${id}: ${counts.get(id)}`).join(', ');
        const total = used.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
        throw new AppError('CONFLICT', {
          message: `Cannot delete: ${total} ${total === 1 ? 'product is' : 'products are'} still in the category (${detail}). Move or delete them first.`,
        });
      }
      const deleted = await categories.markDeleted(ids);
      if (!deleted.length) throw new AppError('NOT_FOUND');
      return deleted;
    },
  };
}
export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
