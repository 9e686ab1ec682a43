import { slugOf, type Locale, type Macrocategory, type MacrocategoryWrite } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { MacrocategoryDoc, MacrocategoryRepository } from './macrocategories.repository.ts';

/** Macrocategories named in `locale`, sorted by that name with the locale's collation. */
export function localizedByName(docs: MacrocategoryDoc[], locale: Locale): Macrocategory[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return docs
    .map((d) => ({ id: d._id, name: d.name[locale] }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The public macrocategory list. */
export function createMacrocategoryService(deps: { macrocategories: MacrocategoryRepository }) {
  return {
    /** Macrocategories named and sorted in `locale`. */
    list: async (locale: Locale) => localizedByName(await deps.macrocategories.list(), locale),
  };
}
export type MacrocategoryService = ReturnType<typeof createMacrocategoryService>;

/** The admin console's macrocategories: the id is the slug of the English name, set once. */
export function createMacrocategoryAdminService(deps: {
  macrocategories: MacrocategoryRepository;
}) {
  const { macrocategories } = deps;
  return {
    /** CONFLICT (on `name.en`) when the English name's slug is taken. */
    async create(input: MacrocategoryWrite): Promise<MacrocategoryDoc> {
      const id = slugOf(input.name.en);
      if (!id) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { 'name.en': 'Must contain a letter or a digit' },
        });
      }
      if (await macrocategories.findById(id)) {
        throw new AppError('CONFLICT', {
          message: `A macrocategory with the id ${id} already exists`,
          errors: { 'name.en': 'A macrocategory with this name already exists' },
        });
      }
      return macrocategories.insert({ _id: id, name: input.name });
    },

    async update(id: string, input: MacrocategoryWrite): Promise<MacrocategoryDoc> {
      const doc = await macrocategories.update(id, input.name);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    async remove(id: string): Promise<MacrocategoryDoc> {
      const doc = await macrocategories.remove(id);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },
  };
}
export type MacrocategoryAdminService = ReturnType<typeof createMacrocategoryAdminService>;
