import { offerPricesBody } from '@market/console-kit';
import type { OfferStatus } from '@market/shared';

/** Chip colours of the offer statuses. */
export const OFFER_STATUS_COLORS = {
  active: 'success',
  paused: 'warning',
  hidden: 'error',
} as const satisfies Record<OfferStatus, string>;

/** The `PUT` body from the edit form's record: only what an admin changes here. */
export function toAdminOfferUpdate(values: {
  [field: string]: unknown;
  prices?: { eur?: unknown; usd?: unknown; gbp?: unknown } | null;
  status?: unknown;
}) {
  return { prices: offerPricesBody(values.prices), status: values.status };
}
