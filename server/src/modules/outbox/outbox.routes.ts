import { Hono } from 'hono';
import { z } from 'zod';
import type { OutboxMail } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import type { OutboxDoc, OutboxRepository } from './outbox.repository.ts';

const toRow = (d: OutboxDoc): OutboxMail => ({
  id: d._id.toHexString(),
  to: d.to,
  subject: d.subject,
  text: d.text,
  kind: d.kind,
  delivery: d.delivery,
  createdAt: d.createdAt.toISOString(),
});

/** The outbox list's filters: `q` searches the recipient and the subject. */
export const OutboxFilterSchema = z.object({
  q: z.string().max(100).optional(),
  to: z.string().max(254).optional(),
});

/** The admin console's `outbox` resource: every mail the shop sent (or, offline, would send). */
export const adminOutboxRoutes = (outbox: OutboxRepository) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await outbox.page(q, parseFilter(OutboxFilterSchema, q.filter));
      return listResponse(c, 'outbox', q, rows.map(toRow), total);
    })
    .get('/:id', async (c) => {
      const doc = await outbox.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json({ ...toRow(doc), html: doc.html });
    });
