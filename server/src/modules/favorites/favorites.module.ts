import type { ModuleDeclaration } from '../../runtime/module.ts';
import { favoriteIndexes } from './favorites.repository.ts';
import { userFavoriteRoutes } from './favorites.routes.ts';
import type { FavoriteService } from './favorites.service.ts';

/** Favourites: the products a buyer keeps, newest first. */
export const favoritesModule = (given: { service: FavoriteService }): ModuleDeclaration => ({
  name: 'favorites',
  indexes: { favorites: favoriteIndexes },
  routes: () => [userFavoriteRoutes(given.service)],
});
