import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';
import type { MailKind, OutboxRepository } from './outbox.repository.ts';

export type Mail = { to: string; subject: string; text: string; html: string; kind: MailKind };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is kept in the outbox (admins read it in the console; offline it is the only
 * delivery). With SMTP_URL it is also sent through nodemailer's SMTP transport.
 */
export function createMailer(deps: {
  outbox: OutboxRepository;
  smtpUrl: string | undefined;
  from: string;
  /** The shop's name, signed under every mail (SHOP_NAME); none: unsigned. */
  signature?: string;
  log: Logger;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(unsigned) {
      const mail = signed(unsigned, deps.signature);
      let delivery: 'sent' | 'stored' | 'failed' = 'stored';
      if (transport) {
        try {
          await transport.sendMail({ from: deps.from, ...mail });
          delivery = 'sent';
        } catch (err) {
          delivery = 'failed';
          deps.log.error({ err, to: mail.to, kind: mail.kind }, 'mail not sent');
        }
      }
      await deps.outbox.add({
        ...mail,
        to: mail.to.toLowerCase(),
        delivery,
        createdAt: new Date(),
      });
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
