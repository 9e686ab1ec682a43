import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import {
  AdminReasonSchema,
  OrderActorSchema,
  OrderStatusSchema,
} from '../constants/order-status.ts';
import { COUPON_CODE_INPUT_MAX_LENGTH } from '../constants/limits.ts';
import { PaymentProviderSchema } from '../constants/payment-providers.ts';
import { AttributionSchema } from './attribution.ts';
import { ImageKeyCodeSchema, TextKeyCodeSchema } from './keys.ts';
import { CountryCodeSchema } from './regions.ts';
import { OrderTaxSchema } from './vat.ts';

/** Orders (spec sections 3–5): what the buyer's account, the admin and the seller consoles read. */

const Cents = z.number().int();

/** `created`: sent to the provider, not paid yet; `captured`: the money is ours. */
export const PAYMENT_STATUSES = ['created', 'captured', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** One decision on an order: the status it set, why, and who (an admin's uid when a person). */
export const OrderDecisionSchema = z.object({
  status: OrderStatusSchema,
  reason: z.string(),
  actor: OrderActorSchema,
  actorUid: z.string().nullable(),
  at: z.string(),
});
export type OrderDecision = z.infer<typeof OrderDecisionSchema>;

export const OrderTotalsSchema = z.object({
  subtotal: Cents,
  discount: Cents,
  /** The VAT included in `total` (prices are VAT-inclusive). */
  vat: Cents,
  total: Cents,
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const OrderPaymentSchema = z.object({
  provider: PaymentProviderSchema,
  /** The provider's order / payment id. */
  providerRef: z.string(),
  captureId: z.string().nullable(),
  status: PaymentStatusSchema,
  amountCents: Cents,
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** A delivered key as its buyer sees it: the code only through the reveal (or claim) call. */
export const OrderKeySchema = z.object({
  id: z.string(),
  /**
   * `sold`: the buyer's. After a refund of its line: `refunded` (never revealed, back on sale)
   * or `revoked` (revealed before the refund, so taken out of sale for good).
   */
  status: z.enum(['sold', 'refunded', 'revoked']),
  /** First time the buyer revealed (or claimed) it: the EU right of withdrawal ends there. */
  revealedAt: z.string().nullable(),
});
export type OrderKey = z.infer<typeof OrderKeySchema>;

export const OrderItemSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  productId: z.string(),
  sellerId: z.string(),
  /** The product's English name when ordered. */
  name: z.string(),
  categoryId: CategoryIdSchema,
  quantity: z.number().int().positive(),
  unitPriceCents: Cents,
  zeroVat: z.boolean(),
  /** VAT rate in basis points (2200 = 22 %); 0 for a zero-VAT offer. */
  vatRateBps: z.number().int().min(0),
  deliveredCount: z.number().int().min(0),
  /** What went back to the buyer for this line (its price less its share of the discount). */
  refundedCents: Cents,
  /** The delivered keys: empty until the order is approved. */
  keys: z.array(OrderKeySchema),
  /**
   * The buyer confirmed buying it although its key does not activate in their country
   * (docs/regions.md): the country and when, as the cart line recorded it.
   */
  regionConfirmed: z.object({ country: z.string(), at: z.string() }).optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** An order as its buyer reads it (`/api/user/orders`). */
export const OrderSchema = z.object({
  id: z.string(),
  /** Human-friendly and unique: what the buyer quotes to support. */
  number: z.string(),
  items: z.array(OrderItemSchema),
  currency: CurrencySchema,
  totals: OrderTotalsSchema,
  couponCode: z.string().nullable(),
  status: OrderStatusSchema,
  /** Until then the keys stay reserved for the payment; null once paid or decided. */
  reservationExpiresAt: z.string().nullable(),
  /** The buyer confirmed buying a game account (`purchaseAccountProduct`). */
  accountPurchaseConfirmedAt: z.string().nullable(),
  refundedCents: Cents,
  createdAt: z.string(),
  /**
   * Where the VAT is due and the evidence (docs/vat.md). Absent on orders placed before VAT
   * followed the buyer: those paid the shop's single rate (Italy's).
   */
  tax: OrderTaxSchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** An order in the admin console: the buyer's view plus who, how it was paid and every decision. */
export const AdminOrderSchema = OrderSchema.extend({
  userId: z.string(),
  email: z.string(),
  payment: OrderPaymentSchema.nullable(),
  decisions: z.array(OrderDecisionSchema),
  attribution: AttributionSchema,
  ip: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

const ObjectIdHex = (what: string) => z.string().regex(/^[0-9a-f]{24}$/i, `Not ${what}`);

/**
 * What placing an order takes (the checkout's call; prices come from the offers, never from
 * here). A line per offer; the same offer twice adds up.
 */
export const OrderPlaceSchema = z.object({
  lines: z
    .array(
      z.object({
        offerId: ObjectIdHex('an offer id'),
        quantity: z.number().int('Must be a whole number').min(1, 'At least 1').max(100),
        /** The cart line's confirmation that the key does not activate in the buyer's country. */
        regionConfirmed: z.object({ country: CountryCodeSchema, at: z.iso.datetime() }).optional(),
      }),
    )
    .min(1, 'At least one line')
    .max(50),
  currency: CurrencySchema,
  couponCode: z.string().trim().min(1).max(COUPON_CODE_INPUT_MAX_LENGTH).nullish(),
  /** `purchaseAccountProduct`: required when a line is a game account (spec section 5). */
  confirmations: z.object({ purchaseAccountProduct: z.boolean().default(false) }).default({
    purchaseAccountProduct: false,
  }),
  /** The billing country the buyer stated: the VAT rate is its (docs/vat.md). */
  billingCountry: CountryCodeSchema.optional(),
});
export type OrderPlace = z.input<typeof OrderPlaceSchema>;

/** Body of `POST /api/admin/orders/:id/approve|decline|cancel`. */
export const AdminOrderDecisionSchema = z.object({
  /** One of the admin reasons leading to the action's status; the fitting one when left out. */
  reason: AdminReasonSchema.optional(),
});
export type AdminOrderDecision = z.infer<typeof AdminOrderDecisionSchema>;

/** Body of `POST /api/user/orders/:id/keys/:keyId/reveal`: the buyer's express waiver. */
export const KeyRevealRequestSchema = z.object({
  /** Seeing the code ends the EU right of withdrawal; the storefront asks before it sends this. */
  waiveWithdrawal: z.literal(true, 'Confirm that revealing the key ends the right of withdrawal'),
});

/** Body of `POST /api/user/orders/:id/claim-account` (`claimAccountInfo`): which account. */
export const AccountClaimRequestSchema = z.object({ keyId: ObjectIdHex('a key id') });

const revealedOrderKey = { id: z.string(), revealedAt: z.string() };
/**
 * The answer to a reveal or an account claim: the code (an account's credentials), by its kind:
 * `text` carries `code`, `image` (a scanned card from a supplier) carries `image`.
 */
export const RevealedOrderKeySchema = z.discriminatedUnion('kind', [
  TextKeyCodeSchema.extend(revealedOrderKey),
  ImageKeyCodeSchema.extend(revealedOrderKey),
]);
export type RevealedOrderKey = z.infer<typeof RevealedOrderKeySchema>;

/** One line of an order as its seller sees it: never the buyer. */
export const SellerSaleSchema = z.object({
  /** `<orderId>-<itemId>` */
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  offerId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: Cents,
  currency: CurrencySchema,
  status: OrderStatusSchema,
  deliveredCount: z.number().int(),
  createdAt: z.string(),
});
export type SellerSale = z.infer<typeof SellerSaleSchema>;
