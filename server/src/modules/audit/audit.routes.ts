import { z } from 'zod';
import { AuditActionSchema, AuditEntrySchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { AuditLog } from './audit.service.ts';

/** The audit log's filters. */
export const AuditFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  action: AuditActionSchema.optional(),
  actorUid: z.string().max(128).optional(),
  targetId: z.string().max(128).optional(),
});

const entry = rest(['the audit log', 'an audit entry'], AuditEntrySchema);

/** The admin console's read-only `audit-log` resource. */
export const adminAuditRoutes = (auditLog: AuditLog) =>
  routes('/admin/audit-log', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      entry.list({
        filter: AuditFilterSchema,
        description: 'Newest first (`sort` on `at` may reverse it). Never holds a key code.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await auditLog.list(q, q.filter);
        return listResponse(c, 'audit-log', q, rows, total);
      },
    )
    .get('/:id', entry.getOne(), async (c) => c.json(await auditLog.get(c.req.param('id'))));
