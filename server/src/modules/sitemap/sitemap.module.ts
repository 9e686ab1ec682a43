import type { ModuleDeclaration } from '../../runtime/module.ts';
import { publicSitemapRoutes } from './sitemap.routes.ts';
import type { SitemapService } from './sitemap.service.ts';

/** The sitemap the storefront serves to search engines. */
export const sitemapModule = (given: { service: SitemapService }): ModuleDeclaration => ({
  name: 'sitemap',
  routes: () => [publicSitemapRoutes(given.service)],
});
