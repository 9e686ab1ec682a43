import nodemailer from 'nodemailer';
import type { Locale } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { MailKind, OutboxRepository } from './outbox.repository.ts';

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
};
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is kept in the outbox (admins read it in the console; offline it is the only
 * delivery). With SMTP_URL it is also sent through nodemailer's SMTP transport. A mail with a
 * `key` is written before it is sent, so a repeated event (a retry after a crash) finds it and
 * sends nothing: at most once per event (a crash mid-send leaves it `pending`, for a person).
 * Mails are written by the templates of `../mails` (`Mails.send`).
 */
export function createMailer(deps: {
  outbox: OutboxRepository;
  smtpUrl: string | undefined;
  from: string;
  /** The shop's name, signed under mails written without a template (their layout has it). */
  signature?: string;
  log: Logger;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(written) {
      const mail = written.locale ? written : signed(written, deps.signature);
      const stored = await deps.outbox.add({
        ...mail,
        to: mail.to.toLowerCase(),
        delivery: transport ? 'pending' : 'stored',
        createdAt: new Date(),
      });
      if (!stored) {
        deps.log.info({ to: mail.to, kind: mail.kind, key: mail.key }, 'mail already sent');
        return;
      }
      let delivery: 'sent' | 'stored' | 'failed' = 'stored';
      if (transport) {
        const { to, subject, text, html } = mail;
        try {
          await transport.sendMail({ from: deps.from, to, subject, text, html });
          delivery = 'sent';
        } catch (err) {
          delivery = 'failed';
          deps.log.error({ err, to: mail.to, kind: mail.kind }, 'mail not sent');
        }
        await deps.outbox.setDelivery(stored._id, delivery);
      }
      deps.log.info({ to: mail.to, kind: mail.kind, delivery }, 'mail');
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
