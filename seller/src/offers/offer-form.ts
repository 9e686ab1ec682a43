import {
  toCents,
  type OfferStatus,
  type SellerOfferCreate,
  type SellerOfferUpdate,
} from '@market/shared';

/** Offers' money is integer cents; the forms show and take currency units. */

export const OFFER_CURRENCIES = ['eur', 'usd', 'gbp'] as const;
export type OfferCurrency = (typeof OFFER_CURRENCIES)[number];

/** Chip colours of the offer statuses. */
export const OFFER_STATUS_COLORS = {
  active: 'success',
  paused: 'warning',
  hidden: 'default',
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

/** A form's values or a whole record (react-admin sends every field back). */
interface OfferFormValues {
  [field: string]: unknown;
  productId?: unknown;
  prices?: { eur?: unknown; usd?: unknown; gbp?: unknown } | null;
  zeroVat?: unknown;
  status?: unknown;
}

function pricesOf(values: OfferFormValues): SellerOfferCreate['prices'] {
  const prices = values.prices ?? {};
  const optional = (cents: unknown) => (typeof cents === 'number' ? cents : undefined);
  return {
    eur: prices.eur as number,
    // An emptied USD or GBP price is left out, so the server computes it from EUR.
    ...(optional(prices.usd) !== undefined && { usd: optional(prices.usd) }),
    ...(optional(prices.gbp) !== undefined && { gbp: optional(prices.gbp) }),
  };
}

/** The `PUT` body from the edit form's record: only what a seller may change. */
export function toOfferUpdate(values: OfferFormValues): SellerOfferUpdate {
  const status =
    values.status === 'active' || values.status === 'paused' ? values.status : undefined;
  return {
    prices: pricesOf(values),
    zeroVat: values.zeroVat === true,
    // `hidden` is the marketplace's to set and lift: not sent back.
    ...(status && { status }),
  };
}

/** The `POST` body from the create form. */
export function toOfferCreate(values: OfferFormValues): SellerOfferCreate {
  return {
    productId: String(values.productId ?? '').trim(),
    prices: pricesOf(values),
    zeroVat: values.zeroVat === true,
    status: values.status === 'paused' ? 'paused' : 'active',
  };
}
