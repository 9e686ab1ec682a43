/**
 * VAT on the cart. Reading of the spec (cart product `isZeroVat`): shop prices are gross — VAT
 * is already in them, as a B2C shop in the EU must show — so the cart never adds VAT, it only
 * says how much of the total is VAT. Before checkout the buyer's country is unknown, so every
 * line carries the shop's own rate (config `VAT_RATE_BPS`, 2200 = Italy's 22%); a zero-VAT offer
 * (a seller outside the VAT system, or an exempt gift card) carries none.
 */

/** The shop's rate in basis points when the config names none: 2200 = 22 %. */
export const DEFAULT_VAT_RATE_BPS = 2200;

/** The VAT classes a cart line can be in, with their rate in basis points. */
export type VatTable = { standard: number; zero: 0 };

/** The table for a shop whose own rate is `shopRateBps`. */
export const vatTable = (shopRateBps: number = DEFAULT_VAT_RATE_BPS): VatTable => {
  if (!Number.isInteger(shopRateBps) || shopRateBps < 0 || shopRateBps > 10_000) {
    throw new RangeError(`not a VAT rate in basis points: ${shopRateBps}`);
  }
  return { standard: shopRateBps, zero: 0 };
};

/** The rate a line pays: none when it is zero-VAT, else the table's standard rate. */
export const vatRateBps = (table: VatTable, isZeroVat: boolean): number =>
  isZeroVat ? table.zero : table.standard;

/**
 * The VAT inside a gross amount, in cents: `gross - gross / (1 + rate)`, rounded half away from
 * zero. 1220 cents at 22 % hold 220 cents of VAT.
 */
export function vatIncludedCents(grossCents: number, rateBps: number): number {
  if (!Number.isInteger(grossCents)) throw new RangeError(`not cents: ${grossCents}`);
  if (rateBps === 0 || grossCents === 0) return 0;
  const net = (grossCents * 10_000) / (10_000 + rateBps);
  const vat = grossCents - net;
  // Half away from zero, with a tolerance for the float division (1220 / 1.22 = 999.99…).
  return Math.sign(vat) * Math.round(Number(Math.abs(vat).toFixed(6)));
}
