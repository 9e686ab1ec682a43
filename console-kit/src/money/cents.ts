import { toCents, type Currency } from '@market/shared';

/** Money is integer cents in the API; the consoles show and take currency units. */

/** A price in cents as `locale` writes it in `currency` (1999, eur, en → "€19.99"). */
export function formatCents(cents: number, currency: Currency, locale: string): string {
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

/**
 * An offer's `prices` body from a form's values (cents after `inputToCents`): EUR always, USD
 * and GBP only when given, so that an emptied one is converted from EUR by the server.
 */
export function offerPricesBody(
  prices: { eur?: unknown; usd?: unknown; gbp?: unknown } | null | undefined,
): { eur: number; usd?: number; gbp?: number } {
  const { eur, usd, gbp } = prices ?? {};
  return {
    eur: eur as number,
    ...(typeof usd === 'number' && { usd }),
    ...(typeof gbp === 'number' && { gbp }),
  };
}
