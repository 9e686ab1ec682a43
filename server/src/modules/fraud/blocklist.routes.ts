import { Hono } from 'hono';
import { z } from 'zod';
import { BlocklistCreateSchema, BlocklistKindSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { BlocklistService } from './blocklist.service.ts';

/** The admin console's blocklist filters: kind, and a part of the value (`q`). */
export const BlocklistFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  kind: BlocklistKindSchema.optional(),
  q: z.string().max(320).optional(),
});

/** `/api/admin/blocklist`: what fraud screening refuses outright; list, add, remove. */
export const adminBlocklistRoutes = (service: BlocklistService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await service.list(q, parseFilter(BlocklistFilterSchema, q.filter));
      return listResponse(c, 'blocklist', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .post('/', jsonBody(BlocklistCreateSchema), async (c) =>
      c.json(await service.add(c.req.valid('json'), auditContext(c)), 201),
    )
    .delete('/:id', async (c) => c.json(await service.remove(c.req.param('id'), auditContext(c))));
