import { z } from 'zod';
import { OutboxMailDetailSchema, OutboxMailSchema, type OutboxMail } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { OutboxDoc, OutboxRepository } from './outbox.repository.ts';

const toRow = (d: OutboxDoc): OutboxMail => ({
  id: d._id.toHexString(),
  to: d.to,
  subject: d.subject,
  text: d.text,
  kind: d.kind,
  locale: d.locale ?? null,
  delivery: d.delivery,
  createdAt: d.createdAt.toISOString(),
});

/** The outbox list's filters: `q` searches the recipient and the subject. */
export const OutboxFilterSchema = z.object({
  q: z.string().max(100).optional(),
  to: z.string().max(254).optional(),
});

const mail = rest(['the mails sent', 'a mail, with its HTML'], OutboxMailSchema);

/** The admin console's `outbox` resource: every mail the shop sent (or, offline, would send). */
export const adminOutboxRoutes = (outbox: OutboxRepository) =>
  routes('/admin/outbox', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      mail.list({
        filter: OutboxFilterSchema,
        description:
          'Every mail the shop sent (or, without SMTP, would have sent); `q` searches recipient and subject. Newest first.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await outbox.page(q, q.filter);
        return listResponse(c, 'outbox', q, rows.map(toRow), total);
      },
    )
    .get('/:id', mail.getOne({ schema: OutboxMailDetailSchema }), async (c) => {
      const doc = await outbox.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json({ ...toRow(doc), html: doc.html });
    });
