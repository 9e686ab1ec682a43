import { offerPricesBody } from '@market/console-kit';
import type { OfferStatus, SellerOfferCreate, SellerOfferUpdate } from '@market/shared';

/** Chip colours of the offer statuses. */
export const OFFER_STATUS_COLORS = {
  active: 'success',
  paused: 'warning',
  hidden: 'default',
} as const satisfies Record<OfferStatus, string>;

/** A form's values or a whole record (react-admin sends every field back). */
interface OfferFormValues {
  [field: string]: unknown;
  productId?: unknown;
  prices?: { eur?: unknown; usd?: unknown; gbp?: unknown } | null;
  zeroVat?: unknown;
  status?: unknown;
}

/** The `PUT` body from the edit form's record: only what a seller may change. */
export function toOfferUpdate(values: OfferFormValues): SellerOfferUpdate {
  const status =
    values.status === 'active' || values.status === 'paused' ? values.status : undefined;
  return {
    prices: offerPricesBody(values.prices),
    zeroVat: values.zeroVat === true,
    // `hidden` is the marketplace's to set and lift: not sent back.
    ...(status && { status }),
  };
}

/** The `POST` body from the create form. */
export function toOfferCreate(values: OfferFormValues): SellerOfferCreate {
  return {
    productId: String(values.productId ?? '').trim(),
    prices: offerPricesBody(values.prices),
    zeroVat: values.zeroVat === true,
    status: values.status === 'paused' ? 'paused' : 'active',
  };
}
