import type { Locale } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { MailAttachment, Mailer } from '../outbox/mailer.ts';
import type { MailShop } from './engine.ts';
import type { MailTemplate, MailTrader } from './templates.ts';

/** A seller as its mails need it: where they go, whose language, and its trader details. */
export type SellerContact = {
  email: string;
  uid: string | null;
  name: string;
  registrationName: string;
  vatNumber: string;
};

/** Someone a mail goes to: an address, and the account whose language it is written in. */
export type Recipient = { email: string; uid?: string | null; locale?: Locale };

/**
 * Writes every mail from its template in the recipient's language and hands it to the mailer.
 * The language is the account's `locale` (a buyer's for order mails, the seller's account's for
 * seller mails), English when there is no account. `key` names the event the mail tells of, so
 * the same event repeated (a job after a crash) mails once. A mail that cannot be written is
 * logged, never thrown: the event it tells of (a decision, a refund) has happened regardless.
 */
export function createMails(deps: {
  mailer: Mailer;
  shop: MailShop;
  users: { findById(uid: string): Promise<{ locale: Locale } | null> };
  sellers: { contactsByIds(ids: string[]): Promise<Map<string, SellerContact>> };
  log: Logger;
}) {
  const { mailer, shop } = deps;

  async function localeOf(to: Recipient): Promise<Locale> {
    if (to.locale) return to.locale;
    if (!to.uid) return 'en';
    return (await deps.users.findById(to.uid))?.locale ?? 'en';
  }

  async function send<D extends object>(
    to: Recipient,
    template: MailTemplate<D>,
    data: D,
    key?: string,
    attachments?: MailAttachment[],
  ): Promise<void> {
    try {
      const mail = template.write(await localeOf(to), shop, data);
      await mailer.send({
        to: to.email,
        ...mail,
        ...(key !== undefined && { key }),
        ...(attachments?.length && { attachments }),
      });
    } catch (err) {
      deps.log.error({ err, kind: template.kind, key }, 'mail not written');
    }
  }

  return {
    shop,
    /** Links into the shop (`/account?order=…`, `/seller/…`). */
    link: (path: string) => `${shop.origin}${path}`,
    send,
    /** A mail to a seller's address, in its account's language; nothing for an unknown seller. */
    async toSeller<D extends object>(
      sellerId: string,
      template: MailTemplate<D>,
      data: D,
      key?: string,
    ): Promise<void> {
      const seller = (await deps.sellers.contactsByIds([sellerId])).get(sellerId);
      if (!seller) return;
      await send({ email: seller.email, uid: seller.uid }, template, data, key);
    },
    /** The trader details of the sellers of an order's lines (the delivery mail lists them). */
    async traders(sellerIds: string[]): Promise<MailTrader[]> {
      const found = await deps.sellers.contactsByIds([...new Set(sellerIds)]);
      return [...found.values()].map(({ name, registrationName, vatNumber }) => ({
        name,
        registrationName,
        vatNumber,
      }));
    },
    contactsOf: (sellerIds: string[]) => deps.sellers.contactsByIds(sellerIds),
  };
}
export type Mails = ReturnType<typeof createMails>;
