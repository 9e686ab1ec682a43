import { z } from 'zod';

/** The audit log (the admin console's `audit-log` resource): who did what to which record. */

export const AUDIT_ACTIONS = [
  'key.reveal',
  'key.revoke',
  'key.uploadRejected',
  'key.duplicateFound',
  'key.supplierDuplicate',
  'exchangeRate.update',
  'offer.update',
  'order.approve',
  'order.decline',
  'order.cancel',
  'order.refund',
  'order.refresh',
  'order.chargeback',
  // The System sent a dispute's evidence to the provider; the provider decided a dispute.
  'dispute.evidence',
  'dispute.decided',
  'blocklist.add',
  'blocklist.remove',
  'supplier.update',
  'commissionRule.update',
  'commissionRule.delete',
  'payout.run',
  'payout.markPaid',
  'review.approve',
  'review.hide',
  'user.role',
  'user.invite',
  'user.block',
  'user.unblock',
  // Written by the audit trail for an admin write no service described (`modules/audit`).
  'record.create',
  'record.update',
  'record.delete',
  'record.action',
  'user.anonymise',
  'seller.legalChangeApprove',
  'seller.legalChangeReject',
  // An admin reopened a rejected claim (a key is otherwise claimed once).
  'claim.reopen',
  // An admin read a mail carrying a credential (a reset or invitation link) in the outbox.
  'outbox.read',
  // Every API token of an account ended at once (role change, block, erasure, suspension).
  'apiTokens.revoke',
  // An admin added a VAT rate (a Member State's announced change, from a future day).
  'vatRate.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);

/** One audit log entry: who did what to which record, why, and from where. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ uid: z.string(), email: z.string().nullable() }),
  action: AuditActionSchema,
  target: z.object({ type: z.string(), id: z.string() }),
  reason: z.string().nullable(),
  /** What changed, e.g. `{ from: 1.08, to: 1.1 }`; never a key code. */
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
