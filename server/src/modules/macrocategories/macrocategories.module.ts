import type { ModuleDeclaration } from '../../runtime/module.ts';
import {
  macrocategoryIndexes,
  type MacrocategoryRepository,
} from './macrocategories.repository.ts';
import { adminMacrocategoryRoutes, publicMacrocategoryRoutes } from './macrocategories.routes.ts';
import type { MacrocategoryAdminService, MacrocategoryService } from './macrocategories.service.ts';

/** Macrocategories (genres and themes): the storefront's list and the admin's edits. */
export const macrocategoriesModule = (given: {
  macrocategories: MacrocategoryRepository;
  service: MacrocategoryService;
  admin: MacrocategoryAdminService;
}): ModuleDeclaration => ({
  name: 'macrocategories',
  indexes: { macrocategories: macrocategoryIndexes },
  routes: () => [
    publicMacrocategoryRoutes(given.service),
    adminMacrocategoryRoutes(given.macrocategories, given.admin),
  ],
});
