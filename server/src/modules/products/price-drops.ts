/**
 * Price drops for the home page's row. The catalogue keeps no price history, so a drop is
 * recorded when it happens: each time a product's price range is recomputed (an offer priced,
 * paused, sold out, restocked), a best EUR price lower than the one it replaces marks the
 * product `priceDrop: { fromEur, at }`. The mark keeps the highest price it dropped from while
 * the price keeps falling, and goes when the price is back at or above it, or nobody sells it.
 */
export type PriceDrop = { fromEur: number; at: Date };

/** How long a drop stays on the home page's row. */
export const PRICE_DROP_DAYS = 30;

/** The write that follows a new best EUR price (`eurMin`), given the product before; null: none. */
export function priceDropChange(
  before: { eurMin: number | null; priceDrop?: PriceDrop },
  eurMin: number | null,
  now: Date,
): { $set: { priceDrop: PriceDrop } } | { $unset: { priceDrop: '' } } | null {
  const current = before.priceDrop;
  const recent = current && now.getTime() - current.at.getTime() < PRICE_DROP_DAYS * 86_400_000;
  if (eurMin === null || eurMin === 0) return current ? { $unset: { priceDrop: '' } } : null;
  if (before.eurMin !== null && eurMin < before.eurMin) {
    const fromEur = recent ? Math.max(current.fromEur, before.eurMin) : before.eurMin;
    return { $set: { priceDrop: { fromEur, at: now } } };
  }
  if (current && eurMin >= current.fromEur) return { $unset: { priceDrop: '' } };
  return null;
}
