import type { ModuleDeclaration } from '../../runtime/module.ts';
import { categoryIndexes, type CategoryRepository } from './categories.repository.ts';
import {
  adminCategoryRoutes,
  consoleCategoryRoutes,
  publicCategoryRoutes,
} from './categories.routes.ts';
import type { CategoryAdminService, CategoryService } from './categories.service.ts';

/** Categories: the storefront's tree, the admin's edits and the consoles' pickers. */
export const categoriesModule = (given: {
  categories: CategoryRepository;
  service: CategoryService;
  admin: CategoryAdminService;
}): ModuleDeclaration => ({
  name: 'categories',
  indexes: { categories: categoryIndexes },
  routes: () => [
    publicCategoryRoutes(given.service),
    adminCategoryRoutes(given.categories, given.admin),
    consoleCategoryRoutes(given.categories),
  ],
});
