import { z } from 'zod';
import {
  MAIL_DELIVERIES,
  OutboxMailDetailSchema,
  OutboxMailSchema,
  type OutboxMail,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Context } from 'hono';
import { auditContext, type AuditLog } from '../audit/audit.service.ts';
import { MAIL_TEMPLATES } from '../mails/templates.ts';
import type { OutboxDoc, OutboxRepository } from './outbox.repository.ts';

/** A URL in a mail's text or HTML (an attribute's quote or a tag ends it). */
const URL_IN_MAIL = /https?:\/\/[^\s"'<>]+/g;
/** What stands for a credential link's query and fragment, where its one-time code was. */
export const HIDDEN_LINK_PART = '?[link hidden]';

/**
 * A credential mail's links without their query and fragment (where the one-time code is):
 * the admin sees which page it leads to, never a link that would set someone's password.
 */
export const maskLinks = (body: string) =>
  body.replace(URL_IN_MAIL, (url) => {
    const cut = url.search(/[?#]/);
    return cut === -1 ? url : url.slice(0, cut) + HIDDEN_LINK_PART;
  });

/** The kinds whose template marks them: mails stored before the mark go by their kind. */
const CREDENTIAL_KINDS = new Set(MAIL_TEMPLATES.filter((t) => t.credential).map((t) => t.kind));
const carriesCredential = (d: OutboxDoc) => d.credential === true || CREDENTIAL_KINDS.has(d.kind);

const shown = (d: OutboxDoc, body: string) => (carriesCredential(d) ? maskLinks(body) : body);

const toRow = (d: OutboxDoc): OutboxMail => ({
  id: d._id.toHexString(),
  to: d.to,
  subject: d.subject,
  text: shown(d, d.text),
  kind: d.kind,
  locale: d.locale ?? null,
  delivery: d.delivery,
  credential: carriesCredential(d),
  createdAt: d.createdAt.toISOString(),
});

/**
 * Every read of a mail carrying a credential is audited, masked as it is: who looked at whose
 * reset or invitation, and when (a mail read twice, twice).
 */
async function auditReads(
  auditLog: AuditLog,
  c: Context<AppEnv>,
  docs: OutboxDoc[],
  via: 'list' | 'detail',
) {
  const ctx = auditContext(c);
  for (const d of docs.filter(carriesCredential)) {
    await auditLog.record(ctx, {
      action: 'outbox.read',
      target: { type: 'outbox', id: d._id.toHexString() },
      details: { kind: d.kind, to: d.to, via },
    });
  }
}

/** The outbox list's filters: `q` searches the recipient and the subject. */
export const OutboxFilterSchema = z.object({
  q: z.string().max(100).optional(),
  to: z.string().max(254).optional(),
  /** `failed`: the mails the admin home counts as failed. */
  delivery: z.enum(MAIL_DELIVERIES).optional(),
  /** react-admin's getMany. */
  id: IdFilterSchema.optional(),
});

const mail = rest(['the mails sent', 'a mail, with its HTML'], OutboxMailSchema);

/**
 * The admin console's `outbox` resource: every mail the shop sent (or, offline, would send). A
 * mail carrying a credential (a password reset, an invitation) shows its links masked, and each
 * read of it is audited: an admin could otherwise reset another admin's password and read the
 * link.
 */
export const adminOutboxRoutes = (outbox: OutboxRepository, auditLog: AuditLog) =>
  routes('/admin/outbox', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      mail.list({
        filter: OutboxFilterSchema,
        description:
          'Every mail the shop sent (or, without SMTP, would have sent); `q` searches recipient and subject. Newest first. A mail whose link is a credential (`credential`: a password reset, an invitation) shows its links without their query (`?[link hidden]`), and every read of one is audited (`outbox.read`).',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await outbox.page(q, q.filter);
        await auditReads(auditLog, c, rows, 'list');
        return listResponse(c, 'outbox', q, rows.map(toRow), total);
      },
    )
    .get('/:id', mail.getOne({ schema: OutboxMailDetailSchema }), async (c) => {
      const doc = await outbox.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      await auditReads(auditLog, c, [doc], 'detail');
      return c.json({ ...toRow(doc), html: shown(doc, doc.html) });
    });
