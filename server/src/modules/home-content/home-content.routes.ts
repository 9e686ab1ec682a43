import { z } from 'zod';
import { HomeContentSchema, HomeContentUpdateSchema } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { HOME_ID } from './home-content.repository.ts';
import type { HomeContentService } from './home-content.service.ts';

/** The only record id of the singleton; any other answers 404. */
function homeId(raw: string) {
  if (raw !== HOME_ID) throw new AppError('NOT_FOUND');
}

/** getMany's `id` filter: the record `home` when asked for, nothing else exists. */
const HomeContentFilterSchema = z.object({ id: IdFilterSchema.optional() });

const home = rest(
  ['the home content (one record, `home`)', 'the home content (`home`)'],
  HomeContentSchema,
);

/**
 * The admin console's `home-content` singleton (ra-data-simple-rest): the list holds the one
 * record `home`, read with `GET /home` and saved with `PUT /home`. Nothing is created or deleted.
 */
export const adminHomeContentRoutes = (service: HomeContentService) =>
  routes('/admin/home-content', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      home.list({
        filter: HomeContentFilterSchema,
        description:
          'A singleton: the list holds the one record `home`; an `id` filter (getMany) finds it when it names `home`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id } = q.filter;
        const total = id === undefined || [id].flat().includes(HOME_ID) ? 1 : 0;
        const rows = total && q.skip === 0 ? [await service.get()] : [];
        return listResponse(c, 'home-content', q, rows, total);
      },
    )
    .get('/:id', home.getOne(), async (c) => {
      homeId(c.req.param('id'));
      return c.json(await service.get());
    })
    .put(
      '/:id',
      home.update({
        summary: 'Save the home content (`PUT /home`)',
        description:
          'Featured products in order (each must exist, else 400) and the banners in both languages. Any id but `home` answers 404.',
        body: HomeContentUpdateSchema,
      }),
      async (c) => {
        homeId(c.req.param('id'));
        return c.json(await service.update(c.req.valid('json')));
      },
    );
