import { z } from 'zod';

/** What a mail was about: the admin console labels and filters by it. */
export const MAIL_KINDS = [
  'verify-email',
  'seller-status',
  'order-delivered',
  'generic',
  'password-reset',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** `sent` through SMTP, `stored` only (no SMTP configured: development, test), or `failed`. */
export const MAIL_DELIVERIES = ['sent', 'stored', 'failed'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A mail in the admin console's `outbox` list. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.enum(MAIL_KINDS),
  delivery: z.enum(MAIL_DELIVERIES),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** One mail as `GET /api/admin/outbox/:id` shows it: the list's fields and the HTML body. */
export const OutboxMailDetailSchema = OutboxMailSchema.extend({ html: z.string() });
export type OutboxMailDetail = z.infer<typeof OutboxMailDetailSchema>;
