import type { CategoryId } from '../constants/categories.ts';
import type { Currency } from '../constants/currencies.ts';
import { MAX_LINE_QUANTITY } from '../constants/cart.ts';
import type { CouponKind, CouponRefusal } from '../schemas/coupons.ts';
import { toCents } from './money.ts';
import { vatIncludedCents, vatRateBps, type VatTable } from './vat.ts';

/** Pure cart arithmetic shared by the server (authoritative) and the storefront (guest cart). */

/** What identifies a line: one seller's offer on one product. */
export type LineKey = { productId: string; sellerId: string };
export const lineKey = (l: LineKey): string => `${l.productId}:${l.sellerId}`;

/** The spec's cart price: major units rounded to 2 decimals (cents, half away from zero). */
export const roundPrice = (amount: number): number => toCents(amount) / 100;

/** The price a line shows for an offer's cents. */
export const centsToPrice = (cents: number): number => cents / 100;

/** Spec section 5: a zero quantity defaults to 1 on add to cart. */
export const addQuantity = (quantity: number | undefined): number =>
  Math.min(Math.max(quantity || 1, 1), MAX_LINE_QUANTITY);

/**
 * `added` put into `lines`: a line already there gets the added units (up to the per-line
 * limit), a new one goes last. Lines repeated within `added` add up too.
 */
export function mergeLines<L extends LineKey & { quantity: number }>(
  lines: readonly L[],
  added: readonly L[],
): L[] {
  const merged = new Map<string, L>(lines.map((l) => [lineKey(l), { ...l }]));
  for (const line of added) {
    const key = lineKey(line);
    const current = merged.get(key);
    const quantity = Math.min((current?.quantity ?? 0) + line.quantity, MAX_LINE_QUANTITY);
    merged.set(key, { ...(current ?? line), ...line, quantity });
  }
  return [...merged.values()];
}

/** Units in the cart (the header's count). */
export const quantityTotal = (lines: readonly { quantity: number }[]): number =>
  lines.reduce((sum, l) => sum + l.quantity, 0);

/** The parts of a coupon its discount depends on. */
export type CouponTerms = {
  kind: CouponKind;
  percentBps: number | null;
  amounts: Partial<Record<Currency, number>>;
  minAmounts: Partial<Record<Currency, number>>;
  categoryIds: readonly CategoryId[];
  sellerIds: readonly string[];
};

/** A priced line as the coupon sees it. */
export type CouponLine = {
  sellerId: string;
  categoryId: CategoryId;
  unitCents: number;
  quantity: number;
};

export type CouponOutcome =
  | { valid: true; discountCents: number; perLine: number[] }
  | { valid: false; reason: CouponRefusal; discountCents: 0; perLine: number[] };

const inScope = (terms: CouponTerms, line: CouponLine) =>
  (!terms.categoryIds.length || terms.categoryIds.includes(line.categoryId)) &&
  (!terms.sellerIds.length || terms.sellerIds.includes(line.sellerId));

/**
 * What a coupon takes off these lines in `currency`: a percentage of the in-scope subtotal
 * (rounded half away from zero) or a fixed amount, never more than the in-scope subtotal,
 * shared among the in-scope lines in proportion to their amounts. The minimum is checked on the
 * in-scope subtotal. Dates and usage limits are the caller's to check.
 */
export function couponDiscount(
  terms: CouponTerms,
  lines: readonly CouponLine[],
  currency: Currency,
): CouponOutcome {
  const amounts = lines.map((l) => (inScope(terms, l) ? l.unitCents * l.quantity : 0));
  const eligible = amounts.reduce((a, b) => a + b, 0);
  const refuse = (reason: CouponRefusal): CouponOutcome => ({
    valid: false,
    reason,
    discountCents: 0,
    perLine: lines.map(() => 0),
  });
  if (eligible <= 0) return refuse('not_applicable');
  const minimum = terms.minAmounts[currency];
  if (minimum !== undefined && eligible < minimum) return refuse('minimum_not_reached');
  let discount: number;
  if (terms.kind === 'percent') {
    discount = toCents((eligible * (terms.percentBps ?? 0)) / 10_000 / 100);
  } else {
    const fixed = terms.amounts[currency];
    if (!fixed) return refuse('currency');
    discount = fixed;
  }
  discount = Math.min(discount, eligible);
  return { valid: true, discountCents: discount, perLine: allocate(discount, amounts) };
}

/**
 * `total` cents split in proportion to `weights`, each share whole and the shares adding up to
 * `total` exactly (largest remainder; ties to the earlier line).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A priced line for the summary. */
export type SummaryInput = {
  unitCents: number;
  quantity: number;
  isZeroVat: boolean;
  /** This line's share of the coupon's discount. */
  discountCents: number;
};

export type SummaryTotals = {
  lines: { lineCents: number; vatRateBps: number; vatIncludedCents: number }[];
  quantityTotal: number;
  subtotalCents: number;
  discountCents: number;
  vatIncludedCents: number;
  totalCents: number;
};

/**
 * The cart's totals: prices are gross, so the total is the subtotal less the discount, and the
 * VAT shown is what each line holds after its discount (rounded per line, then summed).
 */
export function summarize(lines: readonly SummaryInput[], vat: VatTable): SummaryTotals {
  const rows = lines.map((l) => {
    const lineCents = l.unitCents * l.quantity;
    const rate = vatRateBps(vat, l.isZeroVat);
    const paid = Math.max(lineCents - l.discountCents, 0);
    return { lineCents, vatRateBps: rate, vatIncludedCents: vatIncludedCents(paid, rate) };
  });
  const subtotalCents = rows.reduce((s, r) => s + r.lineCents, 0);
  const discountCents = Math.min(
    lines.reduce((s, l) => s + l.discountCents, 0),
    subtotalCents,
  );
  return {
    lines: rows,
    quantityTotal: quantityTotal(lines),
    subtotalCents,
    discountCents,
    vatIncludedCents: rows.reduce((s, r) => s + r.vatIncludedCents, 0),
    totalCents: subtotalCents - discountCents,
  };
}
