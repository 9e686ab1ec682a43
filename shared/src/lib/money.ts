import type { Currency } from '../constants/currencies.ts';

/** An amount in major units (4.995) as integer cents, rounded half away from zero (500). */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  // Rounding the 3-decimal string first avoids 1.005 * 100 = 100.49999… artefacts.
  const scaled = Number((Math.abs(amount) * 100).toFixed(3));
  return Math.sign(amount) * Math.round(scaled);
}

/**
 * Cents of `from` converted with a rate (units of `to` per unit of `from`), rounded to cents.
 * How a EUR-only offer gets its USD and GBP prices from the admin's exchange rates.
 */
export function convertCents(cents: number, rate: number): number {
  if (!Number.isInteger(cents)) throw new RangeError(`not cents: ${cents}`);
  if (!(rate > 0)) throw new RangeError(`not a rate: ${rate}`);
  return toCents((cents * rate) / 100);
}

/** Prices in every currency from a EUR price and the rates of each currency against EUR. */
export function pricesFromEur(
  eurCents: number,
  rates: Record<Currency, number>,
): Record<Currency, number> {
  return {
    eur: eurCents,
    usd: convertCents(eurCents, rates.usd),
    gbp: convertCents(eurCents, rates.gbp),
  };
}
