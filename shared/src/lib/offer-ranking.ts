/**
 * How offers on one product are ordered (EU P2B Regulation 2019/1150, art. 5: the main ranking
 * parameters are published — the storefront's `/ranking` page explains these same numbers).
 *
 * Each offer gets an **effective price** (lower ranks first):
 *
 *   effective = price × (1 + RATING_WEIGHT × (NEUTRAL_RATING − R) + DEFECT_WEIGHT × min(D, DEFECT_CAP))
 *
 * - `price`: the offer's price in the currency asked for;
 * - `R`: the seller's rating, pulled toward a neutral 3 by PRIOR_REVIEWS imaginary 3-star reviews
 *   (`(average × count + 3 × PRIOR_REVIEWS) / (count + PRIOR_REVIEWS)`), so a seller with one
 *   5-star review does not outrank an established one, and a seller with none counts as neutral;
 * - `D`: the seller's defective keys per 100 sold (upheld claims), capped at DEFECT_CAP.
 *
 * A 5-star seller's offer so ranks above a neutral seller's that is up to 6 % cheaper; each
 * defect per 100 keys sold costs 1 % (at most 10 %). Equal effective prices go to the lower
 * price, then to the older offer id (stable).
 */

export const OFFER_RANKING = {
  RATING_WEIGHT: 0.03,
  NEUTRAL_RATING: 3,
  PRIOR_REVIEWS: 5,
  DEFECT_WEIGHT: 0.01,
  DEFECT_CAP: 10,
} as const;

/** What the ranking reads of an offer. */
export interface RankableOffer {
  offerId: string;
  sellerId: string;
  prices: Readonly<Record<string, number>>;
  sellerRating: { average: number; count: number };
}

/** The seller's rating pulled toward neutral by the imaginary prior reviews. */
export function shrunkRating(rating: { average: number; count: number }): number {
  const { NEUTRAL_RATING, PRIOR_REVIEWS } = OFFER_RANKING;
  const count = Math.max(0, rating.count);
  return (rating.average * count + NEUTRAL_RATING * PRIOR_REVIEWS) / (count + PRIOR_REVIEWS);
}

/** The effective price of `price` for a seller with `rating` and `defectsPer100`. */
export function effectivePrice(
  price: number,
  rating: { average: number; count: number },
  defectsPer100: number,
): number {
  const { RATING_WEIGHT, NEUTRAL_RATING, DEFECT_WEIGHT, DEFECT_CAP } = OFFER_RANKING;
  const defects = Math.min(Math.max(0, defectsPer100), DEFECT_CAP);
  return (
    price * (1 + RATING_WEIGHT * (NEUTRAL_RATING - shrunkRating(rating)) + DEFECT_WEIGHT * defects)
  );
}

/**
 * `offers` in ranking order on prices in `currency`; `defectsPer100(sellerId)` gives a seller's
 * defect rate (0 when unknown). The input is left alone.
 */
export function rankOffers<T extends RankableOffer>(
  offers: readonly T[],
  currency: string,
  defectsPer100: (sellerId: string) => number = () => 0,
): T[] {
  const scored = offers.map((offer) => {
    const price = offer.prices[currency] ?? 0;
    return {
      offer,
      price,
      score: effectivePrice(price, offer.sellerRating, defectsPer100(offer.sellerId)),
    };
  });
  // Scores are compared to a thousandth of a cent: floating noise never decides a rank.
  const round = (n: number) => Math.round(n * 1000);
  scored.sort(
    (a, b) =>
      round(a.score) - round(b.score) ||
      a.price - b.price ||
      a.offer.offerId.localeCompare(b.offer.offerId),
  );
  return scored.map((s) => s.offer);
}
