import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { REASON_MAX_LENGTH } from '../constants/limits.ts';

/**
 * Defective-key claims: a buyer reports a revealed key as not working, within the holdback
 * window after delivery; the seller replaces it or refunds it within the response window (else
 * the System refunds it); either side may escalate to an admin, who decides.
 */

export const CLAIM_REASONS = [
  'not_working',
  'already_used',
  'wrong_region',
  'wrong_product',
  'other',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];
export const ClaimReasonSchema = z.enum(CLAIM_REASONS);

/**
 * `open`: waiting for the seller (until `respondBy`); `escalated`: waiting for an admin;
 * `replacing` / `refunding`: a resolution under way (a crash leaves it there, the claims job
 * finishes it); `replaced`, `refunded` (upheld) and `rejected` end it. A key is claimed once:
 * a rejected claim comes back only when an admin reopens it (to `escalated`), never by the buyer
 * filing again.
 */
export const CLAIM_STATUSES = [
  'open',
  'escalated',
  'replacing',
  'refunding',
  'replaced',
  'refunded',
  'rejected',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);

/** The statuses a claim may still leave: a key has at most one claim in one of these. */
export const OPEN_CLAIM_STATUSES = [
  'open',
  'escalated',
  'replacing',
  'refunding',
] as const satisfies readonly ClaimStatus[];

export const CLAIM_ACTORS = ['buyer', 'seller', 'admin', 'system'] as const;
export type ClaimActor = (typeof CLAIM_ACTORS)[number];

/**
 * Every move a claim may make, and who may make it. A resolution starts (`replacing`,
 * `refunding`) and ends (`replaced`, `refunded`) in two recorded steps, so a crash between them
 * is visible and resumable; a replacement with no key to give goes back where it came from.
 */
export const CLAIM_TRANSITIONS: Readonly<
  Record<ClaimStatus, Partial<Record<ClaimStatus, readonly ClaimActor[]>>>
> = {
  open: {
    escalated: ['buyer', 'seller'],
    replacing: ['seller'],
    refunding: ['seller', 'system'],
  },
  escalated: { replacing: ['admin'], refunding: ['admin'], rejected: ['admin'] },
  replacing: { replaced: ['system'], open: ['system'], escalated: ['system'] },
  // A refund the payment provider refused (or an order no longer refundable) goes to an admin.
  refunding: { refunded: ['system'], escalated: ['system'] },
  replaced: {},
  refunded: {},
  // An admin reopens a rejection (new facts, a mistake) and decides it again.
  rejected: { escalated: ['admin'] },
};

export function canClaimTransition(from: ClaimStatus, to: ClaimStatus, actor: ClaimActor): boolean {
  return CLAIM_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** Body of `POST /api/user/orders/:id/keys/:keyId/claim`. */
export const ClaimCreateSchema = z.object({
  reason: ClaimReasonSchema,
  details: z.string().trim().max(REASON_MAX_LENGTH).default(''),
});
export type ClaimCreate = z.input<typeof ClaimCreateSchema>;

/** Body of a seller's replace / refund / escalate and a buyer's escalate. */
export const ClaimActionSchema = z.object({
  note: z.string().trim().max(REASON_MAX_LENGTH).default(''),
});
export type ClaimAction = z.input<typeof ClaimActionSchema>;

export const CLAIM_DECISIONS = ['refund', 'replace', 'reject'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** Body of `POST /api/admin/claims/:id/decide`: uphold (refund or replace) or reject. */
export const ClaimDecisionSchema = z.object({
  decision: z.enum(CLAIM_DECISIONS),
  note: z.string().trim().max(REASON_MAX_LENGTH).default(''),
});
export type ClaimDecisionRequest = z.input<typeof ClaimDecisionSchema>;

export const ClaimEventSchema = z.object({
  from: ClaimStatusSchema.nullable(),
  to: ClaimStatusSchema,
  actor: z.enum(CLAIM_ACTORS),
  actorUid: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

/** A claim as its buyer and seller read it (never the buyer's identity, never a code). */
export const ClaimSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  itemId: z.string(),
  keyId: z.string(),
  offerId: z.string(),
  productId: z.string(),
  sellerId: z.string(),
  /** The product's English name when ordered. */
  name: z.string(),
  quantity: z.number().int().positive(),
  unitPriceCents: z.number().int(),
  currency: CurrencySchema,
  reason: ClaimReasonSchema,
  details: z.string(),
  status: ClaimStatusSchema,
  /** Until then the seller may replace or refund; past it the line is refunded automatically. */
  respondBy: z.string(),
  /** The key given in place of the claimed one (`replaced`). */
  replacementKeyId: z.string().nullable(),
  history: z.array(ClaimEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A claim in the admin console: the buyer too. */
export const AdminClaimSchema = ClaimSchema.extend({
  userId: z.string(),
  email: z.string(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
