import { slugOf, type TagWrite } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { TagDoc, TagRepository } from './tags.repository.ts';

/** The admin console's tags: the id is the slug of the English name, set once. */
export function createTagAdminService(deps: {
  tags: TagRepository;
  products: Pick<ProductFacade, 'pullTag'>;
}) {
  const { tags, products } = deps;
  return {
    /** CONFLICT (on `name.en`) when the English name's slug is taken. */
    async create(input: TagWrite): Promise<TagDoc> {
      const id = slugOf(input.name.en);
      if (!id) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { 'name.en': 'Must contain a letter or a digit' },
        });
      }
      if (await tags.findById(id)) {
        throw new AppError('CONFLICT', {
          message: `A tag with the id ${id} already exists`,
          errors: { 'name.en': 'A tag with this name already exists' },
        });
      }
      return tags.insert({ _id: id, name: input.name });
    },

    async update(id: string, input: TagWrite): Promise<TagDoc> {
      const doc = await tags.update(id, input.name);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    /** Deletes the tag and takes it off every product that carries it. */
    async remove(id: string): Promise<TagDoc> {
      const doc = await tags.remove(id);
      if (!doc) throw new AppError('NOT_FOUND');
      await products.pullTag(id);
      return doc;
    },
  };
}
export type TagAdminService = ReturnType<typeof createTagAdminService>;
