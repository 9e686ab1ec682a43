import type { ObjectId } from 'mongodb';
import type {
  ActivationRegion,
  Attribution,
  CategoryId,
  Currency,
  OrderActor,
  OrderStatus,
  OrderTotals,
  PaymentProvider,
  OrderTax,
  PaymentStatus,
  Region,
} from '@market/shared';

/**
 * The order as stored: other modules (checkout, refunds, affiliates) read these shapes through
 * the orders services, never through the repository.
 */
export type OrderItemDoc = {
  _id: ObjectId;
  offerId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  name: string;
  categoryId: CategoryId;
  region: Region;
  quantity: number;
  unitPriceCents: number;
  zeroVat: boolean;
  vatRateBps: number;
  /** The keys the order holds for this line (reserved, then sold); the keys say so too. */
  keyIds: ObjectId[];
  /**
   * The buyer confirmed the key does not activate in their country (docs/regions.md), as the
   * cart line recorded it: which country, and when.
   */
  regionConfirmed?: { country: string; at: Date };
  /**
   * Where the offer's keys activate (docs/regions.md), as the offer said when the order was
   * placed; `region` is the product's. Absent on orders from before: read it as `region`.
   */
  activationRegion?: ActivationRegion;
  deliveredCount: number;
  /** The line's share of the coupon discount (what its refund leaves out). */
  discountCents: number;
  /**
   * The offer was on demand when the order was placed: units its available keys did not cover
   * are bought from the supplier after the payment (`declaredUnits` of them, held against the
   * offer's declared stock and given back when the order ends undelivered).
   */
  onDemand?: true;
  declaredUnits?: number;
  /** The refund claiming this line (set before the provider is asked: a line is refunded once). */
  refundId?: ObjectId;
  /** Set with `refundedCents` once the line's refund went through. */
  refundedAt?: Date;
  refundedCents?: number;
};

export type OrderPaymentDoc = {
  provider: PaymentProvider;
  providerRef: string;
  captureId: string | null;
  status: PaymentStatus;
  amountCents: number;
  currency: Currency | null;
  /** A stable fingerprint of the card or wallet (velocity and blocklist), when the provider gives one. */
  instrument: string | null;
  /** The payer's country (ISO alpha-2), when the provider gives it. */
  country: string | null;
};

export type OrderDecisionDoc = {
  status: OrderStatus;
  reason: string;
  actor: OrderActor;
  actorUid: string | null;
  at: Date;
};

export type OrderDoc = {
  _id: ObjectId;
  number: string;
  userId: string;
  email: string;
  items: OrderItemDoc[];
  currency: Currency;
  totals: OrderTotals;
  couponCode: string | null;
  /**
   * Where the VAT is due, with the evidence (docs/vat.md); the payment's country joins it when
   * the payment settles. Absent on orders placed before: they paid the shop's rate (Italy's).
   */
  tax?: OrderTax;
  /** Set when the coupon's discount is the seller's to fund (absent: the marketplace funds it). */
  couponFundedBy?: 'seller';
  /** Set when the checkout starts a payment; `providerRef` is unique across orders. */
  payment?: OrderPaymentDoc;
  status: OrderStatus;
  decisions: OrderDecisionDoc[];
  attribution: Attribution;
  ip: string | null;
  /** Pending orders only: past it the reservation expires. Removed once the order leaves pending. */
  reservationExpiresAt?: Date;
  accountPurchaseConfirmedAt: Date | null;
  /** Set once the keys, ledger credits and mail of an approval are all done. */
  deliveredAt: Date | null;
  refundedCents: number;
  /**
   * The provider refused to give back the capture of an order that was not delivered (the
   * refunds list says why): a person takes it from there, and the reconciliation stops asking.
   */
  refundRefusedAt?: Date;
  /**
   * Written with a decision that ends the order undelivered when it used a coupon, removed once
   * the use is given back (`OrderCoupons.release`): a crash in between leaves it for recovery.
   */
  couponReleaseDue?: true;
  /**
   * Written with the `charged_back` decision: the provider's event, and the id the audit entry
   * is written under (so writing it again is a no-op). `settledAt` once every effect is done
   * (keys, ledger, Awin, blocklist, audit); until then the payments job repeats them.
   */
  chargeback?: {
    providerType: string;
    eventId: string;
    auditId: ObjectId;
    settledAt?: Date;
  };
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The decisions after which an order never delivers: money captured for it is given back in
 * full (`../refunds`, `owesRefund`).
 */
export const UNDELIVERED_STATUSES = [
  'declined',
  'declined_fraud',
  'declined_business',
  'cancelled',
] as const satisfies OrderStatus[];
