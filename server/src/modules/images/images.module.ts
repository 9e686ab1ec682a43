import type { ModuleDeclaration } from '../../runtime/module.ts';
import { adminProductImageRoutes, publicImageRoutes } from './images.routes.ts';
import type { ImageService } from './images.service.ts';

/** Product pictures: the admin's uploads and the widths the storefront shows. */
export const imagesModule = (given: { service: ImageService }): ModuleDeclaration => ({
  name: 'images',
  routes: () => [publicImageRoutes(given.service), adminProductImageRoutes(given.service)],
});
