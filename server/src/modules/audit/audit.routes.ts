import { Hono } from 'hono';
import { z } from 'zod';
import { AuditActionSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import type { AuditLog } from './audit.service.ts';

/** The audit log's filters. */
export const AuditFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  action: AuditActionSchema.optional(),
  actorUid: z.string().max(128).optional(),
  targetId: z.string().max(128).optional(),
});

/** The admin console's read-only `audit-log` resource. */
export const adminAuditRoutes = (auditLog: AuditLog) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await auditLog.list(q, parseFilter(AuditFilterSchema, q.filter));
      return listResponse(c, 'audit-log', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await auditLog.get(c.req.param('id'))));
