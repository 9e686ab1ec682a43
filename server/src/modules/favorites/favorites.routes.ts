import {
  FavoriteDeleteRequestSchema,
  FavoriteListSchema,
  FavoriteSchema,
  FavoriteSetRequestSchema,
  FavoritesGetRequestSchema,
} from '@market/shared';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { FavoriteService } from './favorites.service.ts';

/** The spec's `POST /api/user/favorites/get|set|delete`, for the signed-in caller only. */
export const userFavoriteRoutes = (service: FavoriteService) =>
  routes('/user/favorites', { tag: 'user', access: 'user' })
    .post(
      '/get',
      {
        summary: 'The caller’s favorites, newest first',
        description: 'The body may be `{}` or left out.',
        body: FavoritesGetRequestSchema,
        response: { status: 200, description: 'The favorites', schema: FavoriteListSchema },
      },
      async (c) => c.json(await service.list(currentUser(c), c.req.valid('json').userId)),
    )
    .post(
      '/set',
      {
        summary:
          'Add a product to the caller’s favorites (idempotent: a repeat keeps the first date)',
        description:
          'A `date` in the future is stored as now. At most 500 favorites (409 past it).',
        body: FavoriteSetRequestSchema,
        response: { status: 200, description: 'The favorite', schema: FavoriteSchema },
        errors: [404, 409],
      },
      async (c) => c.json(await service.add(currentUser(c), c.req.valid('json'))),
    )
    .post(
      '/delete',
      {
        summary: 'Remove a product from the caller’s favorites (idempotent)',
        body: FavoriteDeleteRequestSchema,
        response: { status: 204, description: 'Removed, or was not there' },
      },
      async (c) => {
        await service.remove(currentUser(c), c.req.valid('json'));
        return c.body(null, 204);
      },
    );
