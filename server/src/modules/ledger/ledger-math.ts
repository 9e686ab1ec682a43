/**
 * The ledger's arithmetic, in integer cents only (no floats touch money).
 *
 * Rounding rule (one, everywhere): a share of cents is rounded half up, computed on integers —
 * `roundShare(cents, num, den) = floor((2·cents·num + den) / (2·den))` for non-negative cents,
 * mirrored for negative ones (so a reversal is the exact opposite of the credit it undoes).
 * Reversals are cumulative: the k-th partial reversal is `share(total refunded so far) − share
 * already reversed`, so any split of a line's refund adds up to exactly what the sale recorded.
 */

/** `cents × num / den` rounded half away from zero, on integers (`den` > 0). */
export function roundShare(cents: number, num: number, den: number): number {
  if (cents < 0) return -roundShare(-cents, num, den);
  return Math.floor((2 * cents * num + den) / (2 * den));
}

/** The rule in force for a line: a rate in basis points and a fixed fee per line. */
export type CommissionTerms = { rateBps: number; feeCents: number };

/** What a sold line credits: its price, the seller-funded discount, commission and net. */
export type SaleSplit = {
  grossCents: number;
  sellerDiscountCents: number;
  rateBps: number;
  feeCents: number;
  commissionCents: number;
  netCents: number;
};

/**
 * A sold line split between seller and marketplace. The base is the list price × quantity, less
 * the coupon's discount when the seller funds it (the marketplace otherwise pays the discount
 * and credits the seller as if sold at list price). Commission = base × rate (rounded half up)
 * + the fixed fee, never more than the base: a seller is never charged to sell.
 */
export function splitSale(
  line: { unitPriceCents: number; quantity: number; discountCents: number },
  sellerFunds: boolean,
  terms: CommissionTerms,
): SaleSplit {
  const grossCents = line.unitPriceCents * line.quantity;
  const sellerDiscountCents = sellerFunds ? Math.min(line.discountCents, grossCents) : 0;
  const base = grossCents - sellerDiscountCents;
  const commissionCents = Math.min(base, roundShare(base, terms.rateBps, 10_000) + terms.feeCents);
  return {
    grossCents,
    sellerDiscountCents,
    rateBps: terms.rateBps,
    feeCents: terms.feeCents,
    commissionCents,
    netCents: base - commissionCents,
  };
}

/** The signed amounts of an entry that the reversal arithmetic reads. */
export type Amounts = {
  grossCents: number;
  sellerDiscountCents: number;
  commissionCents: number;
  netCents: number;
};

const FIELDS = ['grossCents', 'sellerDiscountCents', 'commissionCents', 'netCents'] as const;

/**
 * The (negative) amounts that reverse a sale in proportion: `refundedNum / refundedDen` of it is
 * given back in all, of which `reversed` (the earlier reversals, negative) were already booked.
 * A full reversal (num = den) undoes exactly what is left.
 */
export function reverseShare(
  sale: Amounts,
  reversed: Amounts,
  refundedNum: number,
  refundedDen: number,
): Amounts {
  const out = {} as Amounts;
  for (const field of FIELDS) {
    const target =
      refundedNum >= refundedDen ? sale[field] : roundShare(sale[field], refundedNum, refundedDen);
    out[field] = -(target + reversed[field]);
  }
  return out;
}

/** The holdback's end: a credit becomes payable this long after the delivery. */
export const releaseDate = (deliveredAt: Date, holdbackDays: number): Date =>
  new Date(deliveredAt.getTime() + holdbackDays * 86_400_000);
