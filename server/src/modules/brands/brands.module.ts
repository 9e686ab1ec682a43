import type { ModuleDeclaration } from '../../runtime/module.ts';
import { brandIndexes, type BrandRepository } from './brands.repository.ts';
import { adminBrandRoutes } from './brands.routes.ts';
import type { BrandAdminService } from './brands.service.ts';

/** Brands: the admin's list of publishers and developers products name. */
export const brandsModule = (given: {
  brands: BrandRepository;
  admin: BrandAdminService;
}): ModuleDeclaration => ({
  name: 'brands',
  indexes: { brands: brandIndexes },
  routes: () => [adminBrandRoutes(given.brands, given.admin)],
});
