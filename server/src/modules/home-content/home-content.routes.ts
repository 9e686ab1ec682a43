import { Hono } from 'hono';
import { HomeContentUpdateSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { listResponse, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { HOME_ID } from './home-content.repository.ts';
import type { HomeContentService } from './home-content.service.ts';

/** The only record id of the singleton; any other answers 404. */
function homeId(raw: string) {
  if (raw !== HOME_ID) throw new AppError('NOT_FOUND');
}

/**
 * The admin console's `home-content` singleton (ra-data-simple-rest): the list holds the one
 * record `home`, read with `GET /home` and saved with `PUT /home`. Nothing is created or deleted.
 */
export const adminHomeContentRoutes = (service: HomeContentService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const rows = q.skip === 0 ? [await service.get()] : [];
      return listResponse(c, 'home-content', q, rows, 1);
    })
    .get('/:id', async (c) => {
      homeId(c.req.param('id'));
      return c.json(await service.get());
    })
    .put('/:id', jsonBody(HomeContentUpdateSchema), async (c) => {
      homeId(c.req.param('id'));
      return c.json(await service.update(c.req.valid('json')));
    });
