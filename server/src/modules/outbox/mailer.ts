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
  log: Logger;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(mail) {
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
