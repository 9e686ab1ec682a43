import {
  activatesIn,
  isCountryCode,
  lineKey,
  type CountryCode,
  type RegionConfirmation,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { PricedLine } from './cart-pricing.ts';

/*
 * Will it activate for me? (docs/regions.md). A line is checked when the request names it and
 * says the buyer's country: an offer whose keys do not activate there goes into the cart only
 * with the buyer's confirmation for that country, which the line keeps (the server's time) and
 * the order item then records. Lines the request does not name keep what they had.
 */

/** What a request says about one line's region: the confirmation it carries, if any. */
export type RegionAsk = { regionConfirmed?: { country: string; at?: string } | undefined };

/** The region rule of one request: the buyer's country and the lines it checks (by line key). */
export type RegionCheck = {
  country: CountryCode | undefined;
  /** Line key → the request's index of that line (the error names it). */
  checked: ReadonlyMap<string, number>;
  now: Date;
};

/**
 * The confirmation a priced line keeps: `asked` is what the request or the stored line carries.
 * Throws REGION_NOT_CONFIRMED (409) for a checked line that does not activate in the buyer's
 * country without a confirmation for it.
 */
export function regionConfirmation(
  priced: PricedLine,
  asked: RegionAsk['regionConfirmed'],
  stored: RegionConfirmation | undefined,
  check: RegionCheck | undefined,
): RegionConfirmation | undefined {
  const index = check?.checked.get(lineKey(priced));
  const country = check?.country ?? asked?.country;
  // Not checked, or nothing to check against (no offer on sale, no country): as it was.
  if (!check || index === undefined || !priced.live || !country || !isCountryCode(country)) {
    return stored;
  }
  const region = priced.live.offer.region ?? priced.live.product.region;
  if (activatesIn(region, country)) return undefined;
  if (asked?.country === country) {
    // Confirmed again for the same country: the first confirmation's time stays.
    return stored?.country === country ? stored : { country, at: check.now.toISOString() };
  }
  const message = `This key activates in ${region === 'ROW' ? 'the rest of the world (not Europe)' : region} only, not in ${country}: confirm to add it anyway`;
  throw new AppError('REGION_NOT_CONFIRMED', {
    message,
    errors: { [`products.${index}.regionConfirmed`]: message },
  });
}
