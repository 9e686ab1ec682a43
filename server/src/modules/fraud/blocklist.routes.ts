import { z } from 'zod';
import { BlocklistCreateSchema, BlocklistEntrySchema, BlocklistKindSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { BlocklistService } from './blocklist.service.ts';

/** The admin console's blocklist filters: kind, and a part of the value (`q`). */
export const BlocklistFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  kind: BlocklistKindSchema.optional(),
  q: z.string().max(320).optional(),
});

const entry = rest(['the blocklist', 'a blocklist entry'], BlocklistEntrySchema);

/** `/api/admin/blocklist`: what fraud screening refuses outright; list, add, remove. */
export const adminBlocklistRoutes = (service: BlocklistService) =>
  routes('/admin/blocklist', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      entry.list({
        filter: BlocklistFilterSchema,
        description:
          'What fraud screening refuses outright: emails, client addresses, payment instruments. Newest first; `q` matches part of the value. `addedBy.actor` System: a chargeback listed it.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q, q.filter);
        return listResponse(c, 'blocklist', q, rows, total);
      },
    )
    .get('/:id', entry.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .post(
      '/',
      entry.create({
        body: BlocklistCreateSchema,
        description:
          'Audited. 409 on `value` when it is listed already (emails case-insensitively).',
        errors: [409],
      }),
      async (c) => c.json(await service.add(c.req.valid('json'), auditContext(c)), 201),
    )
    .delete(
      '/:id',
      entry.remove({ description: 'Audited. Screening stops refusing the value.' }),
      async (c) => c.json(await service.remove(c.req.param('id'), auditContext(c))),
    );
