import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { ClaimSchema } from './claims.ts';
import { SellerSaleSchema } from './orders.ts';
import { RefundStatusSchema } from './refunds.ts';

/**
 * What a seller sees of one sale (`GET /api/seller/sales/:id`) and of their refunds
 * (`GET /api/seller/refunds`): their own lines only, never the buyer, never a key's code.
 */

/**
 * A sold key as its seller sees it: `reserved` (the order is not paid yet), `delivered` (the
 * buyer has it), `revealed` (the buyer saw the code: no withdrawal), `claimed` (a game account's
 * credentials taken), `refunded` (its line was refunded), `revoked` (taken out of sale: a
 * chargeback or a defect claim).
 */
export const SALE_KEY_STATES = [
  'reserved',
  'delivered',
  'revealed',
  'claimed',
  'refunded',
  'revoked',
] as const;
export type SaleKeyState = (typeof SALE_KEY_STATES)[number];

export const SaleKeySchema = z.object({
  id: z.string(),
  state: z.enum(SALE_KEY_STATES),
  revealedAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type SaleKey = z.infer<typeof SaleKeySchema>;

/** One of the seller's lines in the order, with its keys. */
export const SaleLineSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  offerId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** Unit price × quantity. */
  grossCents: z.number().int(),
  deliveredCount: z.number().int(),
  /** What went back to the buyer for the line (null: not refunded). */
  refundedCents: z.number().int().nullable(),
  refundedAt: z.string().nullable(),
  keys: z.array(SaleKeySchema),
});
export type SaleLine = z.infer<typeof SaleLineSchema>;

/** The money of the seller's lines as the ledger recorded it (0 before delivery). */
export const SaleTotalsSchema = z.object({
  /** Unit price × quantity over the seller's lines. */
  grossCents: z.number().int(),
  /** Credited on delivery, less refunds and chargebacks, commission off. */
  commissionCents: z.number().int(),
  netCents: z.number().int(),
  /** What refunds and chargebacks took back from the seller (a positive amount). */
  reversedCents: z.number().int(),
});
export type SaleTotals = z.infer<typeof SaleTotalsSchema>;

/** A refund touching the seller's lines: only their lines' share of it. */
export const SaleRefundSchema = z.object({
  id: z.string(),
  /** null: the whole order was refunded. */
  itemId: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: RefundStatusSchema,
  createdAt: z.string(),
});
export type SaleRefund = z.infer<typeof SaleRefundSchema>;

/** `GET /api/seller/sales/:id`: the sale line, and the whole of the seller's part of its order. */
export const SellerSaleDetailSchema = SellerSaleSchema.extend({
  lines: z.array(SaleLineSchema),
  totals: SaleTotalsSchema,
  refunds: z.array(SaleRefundSchema),
  claims: z.array(ClaimSchema),
});
export type SellerSaleDetail = z.infer<typeof SellerSaleDetailSchema>;

export const SELLER_REFUND_TYPES = ['refund', 'chargeback'] as const;
export const SellerRefundTypeSchema = z.enum(SELLER_REFUND_TYPES);

/**
 * `GET /api/seller/refunds`: one row per line of the seller's given back to a buyer, as the
 * ledger took it from the seller. Amounts are positive.
 */
export const SellerRefundSchema = z.object({
  /** The ledger movement's id. */
  id: z.string(),
  /** The sale it belongs to (`<orderId>-<itemId>`, the sales resource's id). */
  saleId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  itemId: z.string(),
  name: z.string(),
  type: SellerRefundTypeSchema,
  currency: CurrencySchema,
  /** What the buyer got back for the line's price. */
  grossCents: z.number().int(),
  /** The commission the marketplace gave back. */
  commissionCents: z.number().int(),
  /** What the seller's balance lost. */
  netCents: z.number().int(),
  /** The refund's reason (a chargeback: the provider's event); null when unknown. */
  reason: z.string().nullable(),
  at: z.string(),
});
export type SellerRefund = z.infer<typeof SellerRefundSchema>;
