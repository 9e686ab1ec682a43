import { offerPricesBody } from '@market/console-kit';
import {
  ACTIVATION_REGIONS,
  type ActivationRegion,
  type OfferStatus,
  type SellerOfferCreate,
  type SellerOfferUpdate,
  type SupplierSourceInput,
} from '@market/shared';

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
  region?: unknown;
  source?: SourceFormValues | null;
}

/** The region the seller chose; none (empty) leaves it to the supplier's report, else the product's. */
const regionBody = (values: OfferFormValues): { region?: ActivationRegion } =>
  ACTIVATION_REGIONS.includes(values.region as ActivationRegion)
    ? { region: values.region as ActivationRegion }
    : {};

/** The source part of the form (the record's `source`, or what the seller picked). */
interface SourceFormValues {
  [field: string]: unknown;
  kind?: unknown;
  connectionId?: unknown;
  sku?: unknown;
  mode?: unknown;
  stockCap?: unknown;
  costCeiling?: unknown;
  pricing?: { marginPercent?: unknown; marginFixedCents?: unknown; rounding?: unknown } | null;
}

/** Whether the form's offer sells a supplier's keys. */
export const isSupplierForm = (values: OfferFormValues) => values.source?.kind === 'supplier';

/**
 * The supplier source of the body, only the fields a seller sets (the record's cost, quantity
 * and sync state are the server's). Numbers go as typed: the server answers any that is not.
 */
export function supplierSourceBody(source: SourceFormValues): SupplierSourceInput {
  const mode = source.mode === 'stocked' ? 'stocked' : 'onDemand';
  const pricing = source.pricing ?? {};
  return {
    kind: 'supplier',
    connectionId: String(source.connectionId ?? ''),
    sku: String(source.sku ?? '').trim(),
    mode,
    ...(mode === 'onDemand' && { stockCap: source.stockCap as number }),
    costCeiling: source.costCeiling as number,
    pricing: {
      marginPercent: (pricing.marginPercent ?? 0) as number,
      marginFixedCents: (pricing.marginFixedCents ?? 0) as number,
      rounding:
        pricing.rounding === 'to99' || pricing.rounding === 'to49or99' ? pricing.rounding : 'none',
    },
  };
}

/**
 * The `PUT` body from the edit form's record: only what a seller may change. A supplier's
 * offer sends its source (its prices are the rule's); an offer of the seller's keys its prices
 * and that source (so a supplier's offer switched to the seller's keys becomes one).
 */
export function toOfferUpdate(values: OfferFormValues): SellerOfferUpdate {
  const status =
    values.status === 'active' || values.status === 'paused' ? values.status : undefined;
  return {
    ...(isSupplierForm(values)
      ? { source: supplierSourceBody(values.source!) }
      : { prices: offerPricesBody(values.prices), source: { kind: 'upload' as const } }),
    zeroVat: values.zeroVat === true,
    ...regionBody(values),
    // `hidden` is the marketplace's to set and lift: not sent back.
    ...(status && { status }),
  };
}

/** The `POST` body from the create form. */
export function toOfferCreate(values: OfferFormValues): SellerOfferCreate {
  return {
    productId: String(values.productId ?? '').trim(),
    ...(isSupplierForm(values)
      ? { source: supplierSourceBody(values.source!) }
      : { prices: offerPricesBody(values.prices), source: { kind: 'upload' as const } }),
    zeroVat: values.zeroVat === true,
    ...regionBody(values),
    status: values.status === 'paused' ? 'paused' : 'active',
  };
}
