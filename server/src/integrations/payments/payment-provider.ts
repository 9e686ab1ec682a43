import type { Currency, PaymentProvider as PaymentProviderId } from '@market/shared';
import type { DisputeEvidenceText, ProviderDispute } from './disputes.ts';

export type { DisputeEvidenceText, ProviderDispute };

/**
 * The one contract both payment providers (PayPal Orders v2, Checkout.com) implement, so the
 * checkout never branches on the provider. Amounts are integer cents in one of the shop's
 * currencies; each client converts to the provider's own format.
 *
 * Idempotency: every call that changes something takes an `idempotencyKey` the caller derives
 * from its own record (`capture:<orderId>`), so a retry after a timeout or a crash repeats the
 * answer instead of the effect.
 */
/** One of the shared `PAYMENT_PROVIDERS`. */
export type PaymentProviderName = PaymentProviderId;

/**
 * Where a payment stands. `pending`: a capture was accepted but is not final yet (wait for the
 * webhook or refresh); `refunded`: refunded in full (a partial refund stays `captured`, see
 * `refundedCents`).
 */
export type PaymentStatus =
  'created' | 'approved' | 'pending' | 'captured' | 'refunded' | 'failed' | 'cancelled';

export type CreatePaymentInput = {
  /** Our order id: sent as the provider's reference, so events and reconciliation find the order. */
  orderId: string;
  amountCents: number;
  currency: Currency;
  description: string;
  /** Where the buyer lands after approving (PayPal adds `token` and `PayerID`). */
  returnUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /**
   * The billing country the buyer stated (ISO alpha-2): Checkout.com's billing address, PayPal's
   * payer address hint. Absent: the shop's own country for Checkout.com, none for PayPal.
   */
  billingCountry?: string | undefined;
};

export type CreatedPayment = {
  /** The provider's id for this payment: what getPayment and capture take. */
  providerRef: string;
  /** The page the buyer's browser goes to. */
  approvalUrl: string;
  status: PaymentStatus;
};

export type PaymentDetails = {
  providerRef: string;
  /** Our order id as the provider recorded it. */
  orderId: string | null;
  status: PaymentStatus;
  amountCents: number;
  currency: Currency;
  captureId: string | null;
  capturedCents: number;
  refundedCents: number;
  /**
   * The payer's instrument as the provider fingerprints it, prefixed by the provider
   * (`paypal:<payer id>`, `checkout:<card fingerprint>`): velocity screening and the blocklist.
   */
  instrument: string | null;
  /**
   * The payment instrument's country (ISO alpha-2) as the provider reports it (PayPal: the
   * payer's `address.country_code`; Checkout.com: the card's `source.issuer_country`): VAT
   * evidence (docs/vat.md). Null when it reports none.
   */
  country: string | null;
};

export type CaptureResult = {
  captureId: string;
  status: 'captured' | 'pending';
  amountCents: number;
  currency: Currency;
  /** True when the payment had been captured before, under another idempotency key. */
  alreadyCaptured: boolean;
};

export type RefundInput = {
  /** Omitted: refund whatever is left of the capture. */
  amountCents?: number;
  currency: Currency;
  idempotencyKey: string;
  reason: string;
  orderId?: string;
};

export type RefundResult = { refundId: string; status: 'completed' | 'pending' };

/**
 * A provider's webhook, normalised. `other` is an authentic event of a kind we do not act on
 * (answer 2xx and ignore it). Find the order by `orderId`; `providerRef` is a reference
 * getPayment accepts (PayPal: the order id; Checkout.com: the payment id `pay_…`).
 */
export type PaymentEvent = {
  provider: PaymentProviderName;
  /** The provider's event id: deliveries repeat, handle each id once. */
  eventId: string;
  type: 'approved' | 'captured' | 'failed' | 'refunded' | 'chargeback' | 'dispute' | 'other';
  /** The provider's own event name (`PAYMENT.CAPTURE.COMPLETED`, `payment_captured`). */
  providerType: string;
  providerRef: string | null;
  orderId: string | null;
  captureId: string | null;
  amountCents: number | null;
  currency: Currency | null;
  /** A `dispute` event's dispute (PayPal `PP-D-…`, Checkout.com `dsp_…`): ask `getDispute`. */
  disputeId?: string | null;
};

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment the buyer approves at `approvalUrl`. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The payment as the provider sees it now: for "refresh" and reconciliation. */
  getPayment(providerRef: string): Promise<PaymentDetails>;
  /**
   * Captures an approved payment. Same key → the same capture. Captured before under another
   * key → that capture, with `alreadyCaptured: true` (never a second charge). Throws
   * PaymentError DECLINED when the capture fails, NOT_APPROVED before the buyer approved.
   */
  capture(providerRef: string, opts: { idempotencyKey: string }): Promise<CaptureResult>;
  /** Refunds a capture in full or in part. Throws PaymentError REFUND_EXCEEDED past the balance. */
  refund(captureId: string, input: RefundInput): Promise<RefundResult>;
  /**
   * The event if the delivery is authentic, null if it is not (answer 400). Throws PaymentError
   * UNAVAILABLE when the provider could not be asked (answer 5xx so it is delivered again).
   */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<PaymentEvent | null>;
  /** A dispute as the provider sees it now (`disputes.ts`). Throws PaymentError NOT_FOUND. */
  getDispute(disputeId: string): Promise<ProviderDispute>;
  /**
   * Sends the seller's evidence and submits it for review. A dispute no longer taking evidence
   * (submitted before: a retry after a lost answer) throws PaymentError INVALID_REQUEST with
   * `providerCode` `NOT_ELIGIBLE`; the caller reads the dispute again.
   */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidenceText): Promise<void>;
}

export type PaymentProviders = Record<PaymentProviderName, PaymentProvider>;

export type PaymentErrorCode =
  | 'NOT_FOUND'
  | 'NOT_APPROVED'
  | 'DECLINED'
  | 'REFUND_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'UNAUTHORIZED'
  | 'UNAVAILABLE';

/** What a client throws: a code the checkout can act on, plus the provider's own detail for logs. */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode;
  readonly provider: PaymentProviderName;
  readonly httpStatus: number | null;
  /** PayPal issue (`INSTRUMENT_DECLINED`) or Checkout.com error code / response code. */
  readonly providerCode: string | null;
  /** PayPal `debug_id` / Checkout.com `request_id`, for support tickets. */
  readonly debugId: string | null;
  constructor(
    provider: PaymentProviderName,
    code: PaymentErrorCode,
    message: string,
    details: { httpStatus?: number; providerCode?: string | null; debugId?: string | null } = {},
  ) {
    super(message);
    this.name = 'PaymentError';
    this.provider = provider;
    this.code = code;
    this.httpStatus = details.httpStatus ?? null;
    this.providerCode = details.providerCode ?? null;
    this.debugId = details.debugId ?? null;
  }
}

/** A header from either a Fetch `Headers` or a Node-style record, case-insensitively. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
