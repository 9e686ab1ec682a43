import { z } from 'zod';
import { LOCALES } from '../constants/locales.ts';

/** What a mail was about: the admin console labels and filters by it. */
export const MAIL_KINDS = [
  'verify-email',
  'password-reset',
  'order-received',
  'order-review',
  'order-delivered',
  'order-cancelled',
  'refund-issued',
  'claim-opened',
  'claim-settled',
  'seller-status',
  'seller-sale',
  'seller-low-stock',
  'seller-payout',
  'seller-offer-paused',
  'generic',
  'admin-invite',
  'chat-message',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * `sent` through SMTP, `stored` only (no SMTP configured: development, test), `failed`, or
 * `pending`: written before the SMTP attempt (so a retry never sends twice) and not finished.
 */
export const MAIL_DELIVERIES = ['sent', 'stored', 'failed', 'pending'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A mail in the admin console's `outbox` list. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** The recipient's language the mail was written in (mails before templates: none). */
  locale: z.enum(LOCALES).nullable(),
  delivery: z.enum(MAIL_DELIVERIES),
  /**
   * Its link is a credential (a password reset, an invitation): shown without its query
   * (`?[link hidden]`), and each read of it is audited.
   */
  credential: z.boolean(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** One mail as `GET /api/admin/outbox/:id` shows it: the list's fields and the HTML body. */
export const OutboxMailDetailSchema = OutboxMailSchema.extend({ html: z.string() });
export type OutboxMailDetail = z.infer<typeof OutboxMailDetailSchema>;
