import { EU_MEMBER_STATES } from '../constants/regions.ts';

/**
 * VAT on the cart. Reading of the spec (cart product `isZeroVat`): shop prices are gross — VAT
 * is already in them, as a B2C shop in the EU must show — so the cart never adds VAT, it only
 * says how much of the total is VAT. The rate is the buyer's Member State's standard rate (the
 * OSS scheme, docs/vat.md): the billing country the buyer states picks it from the rate table
 * (`EU_STANDARD_VAT_RATES`, seeded into the `vat_rates` collection, by the order's date); a buyer
 * outside the EU pays no EU VAT; before a country is known, the shop's own (config
 * `VAT_RATE_BPS`, 2200 = Italy's 22%). A zero-VAT offer (a seller outside the VAT system, or an
 * exempt gift card) carries none. The gross price is the same for everyone: only the VAT inside
 * it varies.
 */

/** The shop's own country: its rate is the one a cart without a billing country shows. */
export const SHOP_COUNTRY = 'IT';

const EU: ReadonlySet<string> = new Set(EU_MEMBER_STATES);
/** Whether `country` (alpha-2, any case) is a Member State: its buyers pay its VAT. */
export const isEuCountry = (country: string | null | undefined): boolean =>
  !!country && EU.has(country.toUpperCase());

/** One standard rate of one Member State, in force from `from` (a UTC day) until the next. */
export type VatRateRow = {
  country: (typeof EU_MEMBER_STATES)[number];
  rateBps: number;
  from: string;
};

/**
 * The standard rates, as data with the day each took effect. Every state has a row from
 * 2021-07-01, when the OSS scheme started (its rate then); changes since have a row of their own.
 *
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the
 * European Union" (situation at 1 January 2025) and its Taxes in Europe Database; the 2025
 * changes from the national acts:
 * - LU 16 % for 2023 only (temporary cut), 17 % again from 2024-01-01;
 * - EE 22 % from 2024-01-01, 24 % from 2025-07-01 (Value Added Tax Act amendment, 2024);
 * - FI 25.5 % from 2024-09-01 (was 24 %);
 * - SK 23 % from 2025-01-01 (was 20 %; Act 278/2024 on consolidation);
 * - RO 21 % from 2025-08-01 (was 19 %; Law 141/2025).
 * No other standard rate changed between 2021-07-01 and 2026. A later change is an admin's
 * future-dated row (`vat-rates` in the admin console), not a code change.
 */
export const EU_STANDARD_VAT_RATES: readonly VatRateRow[] = [
  { country: 'AT', rateBps: 2000, from: '2021-07-01' },
  { country: 'BE', rateBps: 2100, from: '2021-07-01' },
  { country: 'BG', rateBps: 2000, from: '2021-07-01' },
  { country: 'CY', rateBps: 1900, from: '2021-07-01' },
  { country: 'CZ', rateBps: 2100, from: '2021-07-01' },
  { country: 'DE', rateBps: 1900, from: '2021-07-01' },
  { country: 'DK', rateBps: 2500, from: '2021-07-01' },
  { country: 'EE', rateBps: 2000, from: '2021-07-01' },
  { country: 'EE', rateBps: 2200, from: '2024-01-01' },
  { country: 'EE', rateBps: 2400, from: '2025-07-01' },
  { country: 'ES', rateBps: 2100, from: '2021-07-01' },
  { country: 'FI', rateBps: 2400, from: '2021-07-01' },
  { country: 'FI', rateBps: 2550, from: '2024-09-01' },
  { country: 'FR', rateBps: 2000, from: '2021-07-01' },
  { country: 'GR', rateBps: 2400, from: '2021-07-01' },
  { country: 'HR', rateBps: 2500, from: '2021-07-01' },
  { country: 'HU', rateBps: 2700, from: '2021-07-01' },
  { country: 'IE', rateBps: 2300, from: '2021-07-01' },
  { country: 'IT', rateBps: 2200, from: '2021-07-01' },
  { country: 'LT', rateBps: 2100, from: '2021-07-01' },
  { country: 'LU', rateBps: 1700, from: '2021-07-01' },
  { country: 'LU', rateBps: 1600, from: '2023-01-01' },
  { country: 'LU', rateBps: 1700, from: '2024-01-01' },
  { country: 'LV', rateBps: 2100, from: '2021-07-01' },
  { country: 'MT', rateBps: 1800, from: '2021-07-01' },
  { country: 'NL', rateBps: 2100, from: '2021-07-01' },
  { country: 'PL', rateBps: 2300, from: '2021-07-01' },
  { country: 'PT', rateBps: 2300, from: '2021-07-01' },
  { country: 'RO', rateBps: 1900, from: '2021-07-01' },
  { country: 'RO', rateBps: 2100, from: '2025-08-01' },
  { country: 'SE', rateBps: 2500, from: '2021-07-01' },
  { country: 'SI', rateBps: 2200, from: '2021-07-01' },
  { country: 'SK', rateBps: 2000, from: '2021-07-01' },
  { country: 'SK', rateBps: 2300, from: '2025-01-01' },
];

/** The UTC day of an instant, as the rate rows name days. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The standard rate `country` applies on `at`, from `rows` (the table, or the `vat_rates`
 * collection's rows): the latest row in force that day. 0 outside the EU; null for a Member
 * State with no row yet in force (the caller falls back to the code's table).
 */
export function standardRateAt(
  rows: readonly { country: string; rateBps: number; from: string }[],
  country: string,
  at: Date,
): number | null {
  const c = country.toUpperCase();
  if (!EU.has(c)) return 0;
  const day = utcDay(at);
  let best: { rateBps: number; from: string } | null = null;
  for (const r of rows) {
    if (r.country === c && r.from <= day && (!best || r.from > best.from)) best = r;
  }
  return best?.rateBps ?? null;
}

/** The order's three pieces of evidence of where the buyer belongs (art. 24b, docs/vat.md). */
export type TaxEvidence = { billing: string; payment: string | null; address: string | null };

/**
 * Whether the evidence fails to place the buyer in the billing country they stated: another
 * known country differs from it (one side a Member State: a US billing country paid with a UK
 * card owes no EU VAT either way) and no other piece confirms it. Two pieces that agree are the
 * two non-contradictory items art. 24b asks for, so a billing country the payment instrument
 * confirms stands even when the client address (a VPN, a trip abroad) says otherwise.
 */
export function evidenceConflicts(e: TaxEvidence): boolean {
  const billing = e.billing.toUpperCase();
  const others = [e.payment, e.address].flatMap((c) => (c ? [c.toUpperCase()] : []));
  const contradicted = others.some((o) => o !== billing && (EU.has(o) || EU.has(billing)));
  return contradicted && !others.includes(billing);
}

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

/**
 * The order's tax record when it is placed: the billing country, and the client address's
 * country when the proxy in front reports it; the payment's joins later (`withPaymentCountry`).
 */
export function taxAtPlacement(
  vat: { country: string | null; billing: string },
  address: string | null,
): { country: string | null; evidence: TaxEvidence; conflict: boolean } {
  const evidence = { billing: vat.billing, payment: null, address };
  return { country: vat.country, evidence, conflict: evidenceConflicts(evidence) };
}

/**
 * The order's tax record once the payment settled: the instrument's country joins the evidence
 * (none when the provider reports none) and the evidence is checked again.
 */
export function withPaymentCountry<
  T extends { evidence: TaxEvidence; conflict: boolean; country: string | null },
>(tax: T, paymentCountry: string | null | undefined): T {
  const evidence = { ...tax.evidence, payment: paymentCountry?.toUpperCase() ?? null };
  return { ...tax, evidence, conflict: evidenceConflicts(evidence) };
}

/** What the admin reads on an order held because its evidence disagrees. */
export const taxConflictRule = (e: TaxEvidence) =>
  `VAT evidence disagrees (billing country ${e.billing}, payment ${e.payment ?? '-'}, address ${e.address ?? '-'})`;
