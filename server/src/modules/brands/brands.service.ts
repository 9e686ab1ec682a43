import { slugOf, type BrandCreate, type BrandUpdate } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { BrandDoc, BrandRepository } from './brands.repository.ts';

const nameTaken = (name: string) =>
  new AppError('CONFLICT', {
    message: `A brand named ${name} already exists`,
    errors: { name: 'A brand with this name already exists' },
  });

/** The admin console's brands. Products name their brand by slug or by name (`brand`). */
export function createBrandAdminService(deps: {
  brands: BrandRepository;
  products: Pick<ProductFacade, 'countReferencing' | 'renameBrand'>;
}) {
  const { brands, products } = deps;
  return {
    /** The id defaults to the slug of the name; CONFLICT on a taken name or id. */
    async create(input: BrandCreate): Promise<BrandDoc> {
      const id = input.id ?? slugOf(input.name);
      if (!id) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { name: 'Must contain a letter or a digit' },
        });
      }
      if (await brands.findByName(input.name)) throw nameTaken(input.name);
      if (await brands.findById(id)) {
        throw new AppError('CONFLICT', {
          message: `A brand with the id ${id} already exists`,
          errors: { [input.id ? 'id' : 'name']: `The id ${id} is already in use` },
        });
      }
      return brands.insert({ _id: id, name: input.name });
    },

    /** Renames; products that named the brand by its old name follow. */
    async update(id: string, input: BrandUpdate): Promise<BrandDoc> {
      const before = await brands.findById(id);
      if (!before) throw new AppError('NOT_FOUND');
      if (before.name === input.name) return before;
      const other = await brands.findByName(input.name);
      if (other && other._id !== id) throw nameTaken(input.name);
      const doc = await brands.rename(id, input.name);
      if (!doc) throw new AppError('NOT_FOUND');
      await products.renameBrand(before.name, input.name);
      return doc;
    },

    /** CONFLICT naming the count while products name the brand (by slug or by name). */
    async remove(id: string): Promise<BrandDoc> {
      const doc = await brands.findById(id);
      if (!doc) throw new AppError('NOT_FOUND');
      const used = await products.countReferencing('brand', [doc._id, doc.name]);
      if (used > 0) {
        throw new AppError('CONFLICT', {
          message: `Cannot delete: ${used} ${used === 1 ? 'product names' : 'products name'} this brand`,
        });
      }
      const removed = await brands.remove(id);
      if (!removed) throw new AppError('NOT_FOUND');
      return removed;
    },
  };
}
export type BrandAdminService = ReturnType<typeof createBrandAdminService>;
