import { toCents, type OfferStatus } from '@market/shared';

/** Offers' money is integer cents; the console shows and takes currency units. */

export const OFFER_CURRENCIES = ['eur', 'usd', 'gbp'] as const;
export type OfferCurrency = (typeof OFFER_CURRENCIES)[number];

/** Chip colours of the offer statuses. */
export const OFFER_STATUS_COLORS = {
  active: 'success',
  paused: 'warning',
  hidden: 'error',
} as const satisfies Record<OfferStatus, string>;

/** A price in cents as `locale` writes it in `currency` (1999, eur, en → "€19.99"). */
export function formatCents(cents: number, currency: OfferCurrency, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A form input's value from cents (empty for none). */
export function centsToInput(cents: unknown): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? String(cents / 100) : '';
}

/** Cents from what was typed in a price input: null when empty, NaN when not a number. */
export function inputToCents(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().replace(',', '.');
  if (text === '') return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? toCents(amount) : Number.NaN;
}

/** The `PUT` body from the edit form's record: only what an admin changes here. */
export function toAdminOfferUpdate(values: {
  [field: string]: unknown;
  prices?: { eur?: unknown; usd?: unknown; gbp?: unknown } | null;
  status?: unknown;
}) {
  const prices = values.prices ?? {};
  const optional = (cents: unknown) => (typeof cents === 'number' ? cents : undefined);
  return {
    prices: {
      eur: prices.eur as number,
      // An emptied USD or GBP price is left out, so the server converts it from EUR.
      ...(optional(prices.usd) !== undefined && { usd: optional(prices.usd) }),
      ...(optional(prices.gbp) !== undefined && { gbp: optional(prices.gbp) }),
    },
    status: values.status,
  };
}
