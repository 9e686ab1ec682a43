import { Hono } from 'hono';
import {
  FavoriteDeleteRequestSchema,
  FavoriteSetRequestSchema,
  FavoritesGetRequestSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { FavoriteService } from './favorites.service.ts';

/** The spec's `POST /api/user/favorites/get|set|delete`, for the signed-in caller only. */
export const userFavoriteRoutes = (service: FavoriteService) =>
  new Hono<AppEnv>()
    .post('/get', jsonBody(FavoritesGetRequestSchema), async (c) =>
      c.json(await service.list(currentUser(c), c.req.valid('json').userId)),
    )
    .post('/set', jsonBody(FavoriteSetRequestSchema), async (c) =>
      c.json(await service.add(currentUser(c), c.req.valid('json'))),
    )
    .post('/delete', jsonBody(FavoriteDeleteRequestSchema), async (c) => {
      await service.remove(currentUser(c), c.req.valid('json'));
      return c.body(null, 204);
    });
