import type { BrandRepository } from './brands.repository.ts';

/**
 * What other modules ask of brands — products (a product names its brand). They are given this,
 * never the repository, so how brands are stored stays this module's business.
 */
export function createBrandFacade(repo: BrandRepository) {
  return {
    findByIdOrName: repo.findByIdOrName,
    upsert: repo.upsert,
  };
}
export type BrandFacade = ReturnType<typeof createBrandFacade>;
