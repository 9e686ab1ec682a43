import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';

/**
 * Sellers get paid (issue 13): the marketplace's commission rules (admin `commission-rules`),
 * each seller's balance and ledger movements (seller `balance`, `ledger-entries`) and the payouts
 * that move available money to them (admin and seller `payouts`). Money is integer cents.
 */

const Cents = z.number().int('Must be whole cents');
const FeeCents = Cents.min(0, 'Must not be negative').max(10_000, 'At most 10000');

/** Body of `POST|PUT /api/admin/commission-rules[/:id]`; the console sends the whole record. */
export const CommissionRuleWriteSchema = z.object({
  /** The category the rule prices; null: every category (the default rule). */
  categoryId: CategoryIdSchema.nullable().default(null),
  /** A seller it applies to only (an override); null: every seller. */
  sellerId: z.string().trim().min(1).max(128).nullable().default(null),
  /** The marketplace's share of the line's price, in basis points (500 = 5 %). */
  rateBps: z.number().int().min(0, 'At least 0').max(5000, 'At most 5000'),
  /** A fixed fee per order line, in cents of each currency. */
  feeCents: z.object({ eur: FeeCents, usd: FeeCents, gbp: FeeCents }),
  note: z.string().trim().max(200).default(''),
});
export type CommissionRuleWrite = z.infer<typeof CommissionRuleWriteSchema>;

export const CommissionRuleSchema = z.object({
  id: z.string(),
  categoryId: CategoryIdSchema.nullable(),
  sellerId: z.string().nullable(),
  rateBps: z.number().int(),
  feeCents: z.object({ eur: Cents, usd: Cents, gbp: Cents }),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommissionRule = z.infer<typeof CommissionRuleSchema>;

/** `dispute_won`: the provider decided a dispute for the shop, giving back what its chargeback took. */
export const LEDGER_ENTRY_TYPES = ['sale', 'refund', 'chargeback', 'dispute_won'] as const;
export const LedgerEntryTypeSchema = z.enum(LEDGER_ENTRY_TYPES);

/** One movement of a seller's balance, as the seller console's `ledger-entries` shows it. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  itemId: z.string(),
  type: LedgerEntryTypeSchema,
  currency: CurrencySchema,
  /** The line's price (list price × quantity), signed like the entry. */
  grossCents: Cents,
  /** The part of a coupon's discount the seller funds (0 when the marketplace funds it). */
  sellerDiscountCents: Cents,
  /** The rule in force at the sale: rate in basis points and fixed fee in cents. */
  rateBps: z.number().int(),
  feeCents: Cents,
  /** The marketplace's commission, signed (negative when a refund gives it back). */
  commissionCents: Cents,
  /** What the seller is credited (negative: debited). */
  netCents: Cents,
  /** `pending` until `availableAt` (the holdback after delivery), then `available`. */
  status: z.enum(['pending', 'available', 'held']),
  availableAt: z.string(),
  at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

const CurrencyBalanceSchema = z.object({
  /** Credited but inside the holdback: not payable yet. */
  pendingCents: Cents,
  /** Payable: released credits less every payout not failed (may be negative: carried forward). */
  availableCents: Cents,
  /** Paid out (payouts completed). */
  paidCents: Cents,
});
export type CurrencyBalance = z.infer<typeof CurrencyBalanceSchema>;

/** `GET /api/seller/balance`: the caller's money per currency. */
export const SellerBalanceSchema = z.object({
  eur: CurrencyBalanceSchema,
  usd: CurrencyBalanceSchema,
  gbp: CurrencyBalanceSchema,
});
export type SellerBalance = z.infer<typeof SellerBalanceSchema>;

export const PAYOUT_METHODS = ['paypal', 'transfer'] as const;
export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;
/**
 * `pending`: recorded, not sent yet (PayPal) or awaiting the bank transfer; `processing`: PayPal
 * took the batch; `paid`; `failed`: PayPal failed or returned it, the money is available again.
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

export const PayoutSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  currency: CurrencySchema,
  amountCents: Cents,
  method: PayoutMethodSchema,
  status: PayoutStatusSchema,
  /** PayPal: the receiver's email. */
  receiver: z.string().nullable(),
  /** PayPal's `payout_batch_id` once the batch was accepted. */
  batchId: z.string().nullable(),
  /** PayPal's item status (SUCCESS, FAILED, UNCLAIMED, RETURNED …) as last read. */
  itemStatus: z.string().nullable(),
  /** The bank transfer's reference, once marked paid. */
  reference: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

/** `POST /api/admin/payouts/run`: a payout run now, by PayPal or awaiting bank transfers. */
export const PayoutRunRequestSchema = z.object({ method: PayoutMethodSchema.default('paypal') });
export const PayoutRunResultSchema = z.object({
  created: z.number().int(),
  ids: z.array(z.string()),
});

/** `POST /api/admin/payouts/:id/mark-paid`: a transfer payout paid, with the bank reference. */
export const PayoutMarkPaidSchema = z.object({
  reference: z.string().trim().min(3, 'At least 3 characters').max(100, 'At most 100 characters'),
});

/** `GET /api/seller/payouts/statement?from&to`: the period of the CSV statement. */
export const StatementQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});
