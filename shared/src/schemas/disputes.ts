import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { PaymentProviderSchema } from '../constants/payment-providers.ts';

/**
 * Payment disputes (issue 25, part 5): what a provider's dispute says, the evidence the shop
 * assembled and sent through the provider's dispute-evidence API, and the provider's answer.
 * The admin console's `disputes` resource (ra-data-simple-rest) lists and shows them.
 */

/**
 * `open`: evidence still to send (or being retried); `submitted`: sent, the provider reviews it;
 * `won` / `lost`: decided (lost also when the response date passed); `closed`: the provider
 * ended it otherwise.
 */
export const DISPUTE_STATUSES = ['open', 'submitted', 'won', 'lost', 'closed'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>;

/** What the shop keeps as evidence, each fact with its time. */
export const DisputeEvidenceSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.string(),
    placedAt: z.string(),
    totalCents: z.number().int(),
    currency: CurrencySchema,
    /** The address the order was placed from (the checkout's client address). */
    ip: z.string().nullable(),
    /**
     * Where each piece of the order's VAT evidence puts the buyer (docs/vat.md): the billing
     * country they stated, the payment instrument's country, the client address's. Absent on
     * orders from before VAT followed the buyer, and on evidence assembled before it was kept.
     */
    countries: z
      .object({
        billing: z.string(),
        payment: z.string().nullable(),
        address: z.string().nullable(),
      })
      .optional(),
    lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  }),
  account: z.object({
    email: z.string(),
    createdAt: z.string().nullable(),
    emailVerified: z.boolean().nullable(),
    lastSignInAt: z.string().nullable(),
    /**
     * Addresses the buyer signed in from. The shop keeps none per sign-in (sessions are
     * Firebase's): the order's own address stands for it, and `signInNote` says so.
     */
    signInAddresses: z.array(z.string()),
    signInNote: z.string(),
  }),
  delivery: z.object({
    deliveredAt: z.string().nullable(),
    keys: z.array(
      z.object({
        id: z.string(),
        revealedAt: z.string().nullable(),
        withdrawalWaivedAt: z.string().nullable(),
      }),
    ),
  }),
  mails: z.array(
    z.object({ subject: z.string(), kind: z.string(), at: z.string(), delivery: z.string() }),
  ),
  /**
   * The files sent with the text: the order's invoice PDF (`docs/invoices.md`), named by its
   * number. Absent on evidence stored before files were sent, and empty for an order that has no
   * invoice (paid before invoices existed).
   */
  files: z
    .array(z.object({ kind: z.literal('invoice'), number: z.string(), filename: z.string() }))
    .optional(),
  /** The text sections as the provider received them (before its field limits). */
  sent: z.object({
    delivery: z.string(),
    withdrawal: z.string(),
    communication: z.string(),
    account: z.string(),
  }),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidenceSchema>;

export const AdminDisputeSchema = z.object({
  /** `<provider>:<the provider's dispute id>`. */
  id: z.string(),
  provider: PaymentProviderSchema,
  disputeId: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  reason: z.string(),
  amountCents: z.number().int(),
  currency: CurrencySchema.nullable(),
  /** When the provider needs the evidence by. */
  dueAt: z.string().nullable(),
  status: DisputeStatusSchema,
  providerStatus: z.string(),
  /** The provider's decision in its words, once decided. */
  outcome: z.string().nullable(),
  evidence: DisputeEvidenceSchema.nullable(),
  evidenceSentAt: z.string().nullable(),
  /** Failed submission attempts so far, and the last error (retried by the disputes job). */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** A won dispute: when the sellers' ledger got back what the chargeback took. */
  ledgerRestoredAt: z.string().nullable(),
  /** The provider's events about it, each counted once. */
  events: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDispute = z.infer<typeof AdminDisputeSchema>;
