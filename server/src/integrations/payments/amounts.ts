import { CURRENCIES, type Currency } from '@market/shared';

/** ISO 4217 currencies whose minor unit is not the cent (the rest have two decimals). */
const MINOR_UNIT_EXCEPTIONS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Decimal places of a currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function minorUnits(currencyCode: string): number {
  return MINOR_UNIT_EXCEPTIONS[currencyCode.toUpperCase()] ?? 2;
}

/** Minor units as the decimal string PayPal's `value` takes: 1234 EUR → "12.34", 5 JPY → "5". */
export function minorToDecimal(minor: number, currencyCode: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = minorUnits(currencyCode);
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? `${abs.slice(0, -digits)}.${abs.slice(-digits)}` : abs;
  return minor < 0 ? `-${whole}` : whole;
}

/**
 * A decimal string ("12.34", "12.3", "12") as integer minor units, without floating point.
 * Throws on anything else, or on more decimals than the currency has ("1.234" EUR).
 */
export function decimalToMinor(value: string, currencyCode: string): number {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) throw new RangeError(`not an amount: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  const digits = minorUnits(currencyCode);
  if (fraction.replace(/0+$/, '').length > digits) {
    throw new RangeError(`"${value}" has more than ${digits} decimals for ${currencyCode}`);
  }
  const minor = Number((whole || '0') + fraction.padEnd(digits, '0').slice(0, digits));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: "${value}"`);
  return sign ? -minor : minor;
}

/** Our currency as the providers spell it ('eur' → 'EUR'). */
export const providerCurrency = (currency: Currency): string => currency.toUpperCase();

/** A provider's currency code as ours, or null when the shop does not trade in it. */
export function shopCurrency(code: unknown): Currency | null {
  if (typeof code !== 'string') return null;
  const lower = code.toLowerCase();
  return (CURRENCIES as readonly string[]).includes(lower) ? (lower as Currency) : null;
}
