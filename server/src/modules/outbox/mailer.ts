import nodemailer from 'nodemailer';
import type { Locale } from '@market/shared';
import type { Logger } from '../../logger.ts';
import { backlog } from '../../observability/metrics.ts';
import type { MailKind, OutboxDoc, OutboxRepository } from './outbox.repository.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** The language it is written in (the templates in `../mails` set it). */
  locale?: Locale;
  /** The event it tells of, once ever (see `OutboxDoc.key`); none: every call sends. */
  key?: string;
  /** Its link is a credential (see `OutboxDoc.credential`). */
  credential?: true;
  /** Files sent with it, each named by a `ref` its module renders at send time. */
  attachments?: MailAttachment[];
};

/**
 * A file a mail carries (an invoice's PDF): stored as a reference, rendered again by
 * `resolveAttachment` on every SMTP attempt, so the outbox holds no copy of the document.
 */
export type MailAttachment = { filename: string; contentType: string; ref: string };
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Sends the pending mails that are due (failed attempts past their backoff, attempts an
   * instance died in); answers how many were sent. The outbox job runs it.
   */
  sendDue(now?: Date): Promise<number>;
};

/** How long one SMTP attempt holds its mail: past it, a sender that died is retried. */
const ATTEMPT_CLAIM_MS = 5 * 60_000;
/** Attempts before a mail is left `failed` for a person (about a day of backoff). */
const MAX_ATTEMPTS = 10;
/** 1 min, 2, 4 … capped at 6 h: a server down for a while is not hammered. */
const backoffMs = (failures: number) => Math.min(60_000 * 2 ** (failures - 1), 6 * 3_600_000);

/**
 * Every mail is kept in the outbox (admins read it in the console; offline it is the only
 * delivery). With SMTP_URL it is also sent through nodemailer's SMTP transport. A mail with a
 * `key` is written before it is sent, so a repeated event (a retry after a crash) finds it and
 * sends nothing: one outbox mail per event. A failed SMTP attempt is retried with backoff by
 * `sendDue` (the outbox job), on whichever instance claims it first; the Message-ID is the
 * outbox id on every attempt, so a retry after a send whose answer was lost is one message to
 * the receiving servers that collapse duplicates. Mails are written by the templates of
 * `../mails` (`Mails.send`).
 */
export function createMailer(deps: {
  outbox: OutboxRepository;
  smtpUrl: string | undefined;
  from: string;
  /** The shop's name, signed under mails written without a template (their layout has it). */
  signature?: string;
  /** The content an attachment's `ref` names (null: unknown, the attempt fails and is retried). */
  resolveAttachment?: (ref: string) => Promise<Buffer | null>;
  log: Logger;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  const domain = /@([^>\s]+)/.exec(deps.from)?.[1] ?? 'marketplace.local';

  /** One SMTP attempt of a claimed mail; its outcome recorded. */
  async function attempt(doc: OutboxDoc, now: Date): Promise<boolean> {
    const { to, subject, text, html } = doc;
    try {
      const attachments = await Promise.all((doc.attachments ?? []).map(resolved));
      await transport!.sendMail({
        from: deps.from,
        to,
        subject,
        text,
        html,
        messageId: `<${doc._id.toHexString()}@${domain}>`,
        ...(attachments.length > 0 && { attachments }),
      });
    } catch (err) {
      const failures = (doc.attempts ?? 0) + 1;
      const next = failures < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(failures)) : null;
      deps.log.error({ err, to, kind: doc.kind, failures, retry: next }, 'mail not sent');
      await deps.outbox.attemptFailed(
        doc._id,
        err instanceof Error ? err.message : String(err),
        next,
      );
      return false;
    }
    await deps.outbox.setDelivery(doc._id, 'sent');
    return true;
  }

  async function resolved(a: MailAttachment) {
    const content = deps.resolveAttachment ? await deps.resolveAttachment(a.ref) : null;
    if (!content) throw new Error(`attachment ${a.ref} not found`);
    return { filename: a.filename, contentType: a.contentType, content };
  }

  return {
    async send(written) {
      const mail = written.locale ? written : signed(written, deps.signature);
      const now = new Date();
      const stored = await deps.outbox.add({
        ...mail,
        to: mail.to.toLowerCase(),
        delivery: transport ? 'pending' : 'stored',
        // Claimed by this attempt; retried by the job if this process dies before the answer.
        ...(transport && {
          attempts: 0,
          nextAttemptAt: new Date(now.getTime() + ATTEMPT_CLAIM_MS),
        }),
        createdAt: now,
      });
      if (!stored) {
        deps.log.info({ to: mail.to, kind: mail.kind, key: mail.key }, 'mail already sent');
        return;
      }
      const delivery = transport ? ((await attempt(stored, now)) ? 'sent' : 'pending') : 'stored';
      deps.log.info({ to: mail.to, kind: mail.kind, delivery }, 'mail');
    },

    async sendDue(now = new Date()) {
      if (!transport) return 0;
      let sent = 0;
      // One at a time, each claimed by a conditional update: instances share the backlog.
      for (let i = 0; i < 100; i++) {
        const doc = await deps.outbox.claimDue(now, new Date(now.getTime() + ATTEMPT_CLAIM_MS));
        if (!doc) break;
        if (await attempt(doc, now)) sent++;
      }
      backlog.set({ queue: 'outbox' }, await deps.outbox.pendingCount());
      return sent;
    },
  };
}

/** The mail with the shop's name under its text and its HTML (escaped: it is configuration). */
function signed(mail: Mail, name: string | undefined): Mail {
  if (!name) return mail;
  return {
    ...mail,
    text: `${mail.text}\n\n${name}`,
    html: `${mail.html}<p>${name.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`,
  };
}
