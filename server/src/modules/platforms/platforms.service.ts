import { slugOf, type PlatformCreate, type PlatformUpdate } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { PlatformDoc, PlatformRepository } from './platforms.repository.ts';

/** The admin console's platforms: products refer to a platform by its slug. */
export function createPlatformAdminService(deps: {
  platforms: PlatformRepository;
  products: Pick<ProductFacade, 'countReferencing'>;
}) {
  const { platforms, products } = deps;
  return {
    /** The id defaults to the slug of the name; CONFLICT when it is taken. */
    async create(input: PlatformCreate): Promise<PlatformDoc> {
      const id = input.id ?? slugOf(input.name);
      const field = input.id ? 'id' : 'name';
      if (!id) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { name: 'Must contain a letter or a digit' },
        });
      }
      if (await platforms.findById(id)) {
        throw new AppError('CONFLICT', {
          message: `A platform with the id ${id} already exists`,
          errors: { [field]: `The id ${id} is already in use` },
        });
      }
      return platforms.insert({
        _id: id,
        name: input.name,
        guidePath: input.guidePath,
        position: input.position,
      });
    },

    async update(id: string, input: PlatformUpdate): Promise<PlatformDoc> {
      const doc = await platforms.update(id, input);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    /** CONFLICT naming the count while products are on the platform. */
    async remove(id: string): Promise<PlatformDoc> {
      if (!(await platforms.findById(id))) throw new AppError('NOT_FOUND');
      const used = await products.countReferencing('platform', [id]);
      if (used > 0) {
        throw new AppError('CONFLICT', {
          message: `Cannot delete: ${used} ${used === 1 ? 'product is' : 'products are'} on this platform`,
        });
      }
      const doc = await platforms.remove(id);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },
  };
}
export type PlatformAdminService = ReturnType<typeof createPlatformAdminService>;
