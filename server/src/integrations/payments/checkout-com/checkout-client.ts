import type { Logger } from '../../../logger.ts';
import { providerCurrency, shopCurrency } from '../amounts.ts';
import {
  PaymentError,
  headerValue,
  type CaptureResult,
  type PaymentDetails,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
} from '../payment-provider.ts';
import {
  asArray,
  asObject,
  asString,
  callProvider,
  type Json,
  type ProviderAnswer,
} from '../provider-http.ts';
import { createCheckoutDisputes } from './checkout-disputes.ts';
import { verifyCkoSignature } from './cko-signature.ts';

/**
 * Checkout.com's unified payments API over HTTP (fetch), with a static secret key
 * (`Authorization: Bearer sk_…`) and `Cko-Idempotency-Key` on every POST.
 *
 * Flow: the Hosted Payments Page. `POST /hosted-payments` (with `capture: false`) answers a
 * `_links.redirect.href` the browser follows; the page collects the card (no card data ever
 * reaches us, no client SDK to load, works offline against the sandbox) and sends the buyer back
 * with `cko-payment-id`. The payment is then authorised, and captured by us once the keys are
 * reserved, the same two steps as PayPal's approve and capture.
 *
 * Ids: `providerRef` is the hosted page's `hpp_…` id (known at creation); getPayment and capture
 * also take the payment's `pay_…` id, which webhooks carry. The capture id is the `pay_…` id,
 * because Checkout.com addresses refunds to the payment (`POST /payments/{id}/refunds`).
 *
 * Captures and refunds answer 202 and settle asynchronously: the client reads the action back
 * (`GET /payments/{id}/actions`); an action not processed yet is reported `pending` (wait for the
 * webhook). Capturing a captured payment answers 403; the client then returns the existing
 * capture with `alreadyCaptured: true`.
 */
export type CheckoutConfig = {
  baseUrl: string;
  secretKey: string;
  /** The webhook's signature key; without it no delivery verifies. */
  webhookSecret: string | null;
  /** ISO country of the shop, sent as the billing country the hosted page requires. */
  billingCountry?: string;
  processingChannelId?: string;
  log?: Logger;
};

const STATUS: Record<string, PaymentStatus> = {
  Pending: 'created',
  Authorized: 'approved',
  'Card Verified': 'approved',
  'Partially Captured': 'captured',
  Captured: 'captured',
  Paid: 'captured',
  'Partially Refunded': 'captured',
  Refunded: 'refunded',
  Declined: 'failed',
  Voided: 'cancelled',
  Canceled: 'cancelled',
  Expired: 'cancelled',
};

const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  payment_approved: 'approved',
  payment_captured: 'captured',
  payment_paid: 'captured',
  payment_refunded: 'refunded',
  payment_declined: 'failed',
  payment_capture_declined: 'failed',
  payment_expired: 'failed',
  payment_canceled: 'failed',
  payment_voided: 'failed',
  // The card's issuer took the money back [spec: the SDK's event list].
  payment_chargeback: 'chargeback',
  // The Disputes API's events (`checkout-disputes.ts`): the disputes module reads the dispute.
  dispute_received: 'dispute',
  dispute_evidence_required: 'dispute',
  dispute_evidence_submitted: 'dispute',
  dispute_won: 'dispute',
  dispute_lost: 'dispute',
  dispute_expired: 'dispute',
  dispute_accepted: 'dispute',
  dispute_resolved: 'dispute',
};

export function createCheckoutClient(config: CheckoutConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/$/, '');

  const api = (
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; idempotencyKey?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.secretKey}`,
      accept: 'application/json',
    };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.idempotencyKey) headers['cko-idempotency-key'] = opts.idempotencyKey;
    return callProvider('checkout', `${base}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  };

  const fail = (res: ProviderAnswer, what: string): never => {
    const body = asObject(res.body);
    const codes = asArray(body.error_codes).filter((c): c is string => typeof c === 'string');
    const requestId = asString(body.request_id) ?? res.headers.get('cko-request-id');
    config.log?.warn({ status: res.status, codes, requestId }, 'Checkout.com refused a call');
    const code =
      res.status === 401
        ? 'UNAUTHORIZED'
        : res.status === 404
          ? 'NOT_FOUND'
          : codes.some((c) => c.startsWith('refund_amount') || c === 'amount_exceeds_balance')
            ? 'REFUND_EXCEEDED'
            : 'INVALID_REQUEST';
    throw new PaymentError('checkout', code, `${what}: ${codes.join(', ') || res.status}`, {
      httpStatus: res.status,
      providerCode: codes[0] ?? null,
      debugId: requestId,
    });
  };

  const currencyOf = (code: unknown) => {
    const currency = shopCurrency(code);
    if (!currency) {
      throw new PaymentError(
        'checkout',
        'INVALID_REQUEST',
        'Checkout.com answered a currency the shop does not trade in',
      );
    }
    return currency;
  };

  /** The `pay_…` id behind a reference: itself, or the hosted page's payment (null: not paid yet). */
  async function paymentIdOf(
    providerRef: string,
  ): Promise<{ paymentId: string | null; hpp: Json | null }> {
    if (providerRef.startsWith('pay_')) return { paymentId: providerRef, hpp: null };
    const res = await api('GET', `/hosted-payments/${encodeURIComponent(providerRef)}`);
    if (res.status !== 200) fail(res, 'Checkout.com hosted payment lookup failed');
    const hpp = asObject(res.body);
    return { paymentId: asString(hpp.payment_id), hpp };
  }

  async function loadPayment(paymentId: string): Promise<Json> {
    const res = await api('GET', `/payments/${encodeURIComponent(paymentId)}`);
    if (res.status !== 200) fail(res, 'Checkout.com payment lookup failed');
    return asObject(res.body);
  }

  async function getPayment(providerRef: string): Promise<PaymentDetails> {
    const { paymentId, hpp } = await paymentIdOf(providerRef);
    if (!paymentId) {
      return {
        providerRef,
        orderId: asString(hpp?.reference),
        status: 'created',
        amountCents: Number(hpp?.amount ?? 0),
        currency: currencyOf(hpp?.currency),
        captureId: null,
        capturedCents: 0,
        refundedCents: 0,
        instrument: null,
        country: null,
      };
    }
    const payment = await loadPayment(paymentId);
    const balances = asObject(payment.balances);
    const captured = Number(balances.total_captured ?? 0);
    const fingerprint = asString(asObject(payment.source).fingerprint);
    return {
      providerRef,
      orderId: asString(payment.reference),
      status: STATUS[asString(payment.status) ?? ''] ?? 'created',
      amountCents: Number(payment.amount ?? 0),
      currency: currencyOf(payment.currency),
      captureId: captured > 0 ? paymentId : null,
      capturedCents: captured,
      refundedCents: Number(balances.total_refunded ?? 0),
      // The card's fingerprint: the same card gives the same one, whoever pays with it.
      instrument: fingerprint ? `checkout:${fingerprint}` : null,
      // Where the card was issued: the payment instrument's country (VAT evidence).
      country: asString(asObject(payment.source).issuer_country)?.toUpperCase() ?? null,
    };
  }

  /** How an accepted (202) action turned out: approved, declined, or not processed yet. */
  async function actionOutcome(paymentId: string, actionId: string): Promise<Json | null> {
    const res = await api('GET', `/payments/${encodeURIComponent(paymentId)}/actions`);
    if (res.status !== 200) fail(res, 'Checkout.com action lookup failed');
    return (
      asArray(res.body)
        .map((a) => asObject(a))
        .find((a) => a.id === actionId) ?? null
    );
  }

  return {
    name: 'checkout',
    ...createCheckoutDisputes(config),

    async createPayment(input) {
      const res = await api('POST', '/hosted-payments', {
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: input.amountCents,
          currency: providerCurrency(input.currency),
          reference: input.orderId,
          description: input.description.slice(0, 100),
          capture: false,
          billing: { address: { country: input.billingCountry ?? config.billingCountry ?? 'IT' } },
          ...(config.processingChannelId
            ? { processing_channel_id: config.processingChannelId }
            : {}),
          success_url: input.returnUrl,
          failure_url: input.cancelUrl,
          cancel_url: input.cancelUrl,
          metadata: { order_id: input.orderId },
        },
      });
      if (res.status !== 201 && res.status !== 200)
        fail(res, 'Checkout.com hosted payment creation failed');
      const body = asObject(res.body);
      const providerRef = asString(body.id);
      const approvalUrl = asString(asObject(asObject(body._links).redirect).href);
      if (!providerRef || !approvalUrl) {
        throw new PaymentError(
          'checkout',
          'INVALID_REQUEST',
          'Checkout.com answered without a redirect link',
        );
      }
      return { providerRef, approvalUrl, status: 'created' };
    },

    getPayment,

    async capture(providerRef, { idempotencyKey }): Promise<CaptureResult> {
      const { paymentId } = await paymentIdOf(providerRef);
      if (!paymentId)
        throw new PaymentError('checkout', 'NOT_APPROVED', 'The buyer has not paid yet');
      const res = await api('POST', `/payments/${encodeURIComponent(paymentId)}/captures`, {
        idempotencyKey,
        body: { reference: idempotencyKey.slice(0, 80) },
      });
      if (res.status === 403) {
        // Not capturable: captured before (return that capture), or never authorised.
        const payment = await getPayment(paymentId);
        if (payment.captureId) {
          return {
            captureId: payment.captureId,
            status: 'captured',
            amountCents: payment.capturedCents,
            currency: payment.currency,
            alreadyCaptured: true,
          };
        }
        throw new PaymentError(
          'checkout',
          payment.status === 'failed' ? 'DECLINED' : 'NOT_APPROVED',
          `Checkout.com payment is ${payment.status}`,
          { httpStatus: 403 },
        );
      }
      if (res.status !== 202) fail(res, 'Checkout.com capture failed');
      const actionId = asString(asObject(res.body).action_id) ?? '';
      const action = await actionOutcome(paymentId, actionId);
      if (action && action.approved === false) {
        throw new PaymentError('checkout', 'DECLINED', 'Checkout.com declined the capture', {
          providerCode: asString(action.response_code),
        });
      }
      const payment = await loadPayment(paymentId);
      return {
        captureId: paymentId,
        status: action ? 'captured' : 'pending',
        amountCents: action ? Number(action.amount) : Number(payment.amount),
        currency: currencyOf(payment.currency),
        alreadyCaptured: false,
      };
    },

    async refund(captureId, input) {
      const res = await api('POST', `/payments/${encodeURIComponent(captureId)}/refunds`, {
        idempotencyKey: input.idempotencyKey,
        body: {
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
          reference: input.idempotencyKey.slice(0, 80),
          metadata: {
            reason: input.reason.slice(0, 255),
            ...(input.orderId ? { order_id: input.orderId } : {}),
          },
        },
      });
      if (res.status === 403) {
        throw new PaymentError(
          'checkout',
          'REFUND_EXCEEDED',
          'Checkout.com allows no refund on this payment',
          { httpStatus: 403 },
        );
      }
      if (res.status !== 202) fail(res, 'Checkout.com refund failed');
      const refundId = asString(asObject(res.body).action_id) ?? '';
      const action = await actionOutcome(captureId, refundId);
      if (action && action.approved === false) {
        throw new PaymentError('checkout', 'DECLINED', 'Checkout.com declined the refund', {
          providerCode: asString(action.response_code),
        });
      }
      return { refundId, status: action ? 'completed' : 'pending' };
    },

    async verifyWebhook(headers, rawBody) {
      if (!config.webhookSecret) return null;
      if (
        !verifyCkoSignature(rawBody, headerValue(headers, 'cko-signature'), config.webhookSecret)
      ) {
        return null;
      }
      let event: Json;
      try {
        event = asObject(JSON.parse(rawBody));
      } catch {
        return null;
      }
      const providerType = asString(event.type) ?? '';
      const type = EVENT_TYPES[providerType] ?? 'other';
      const data = asObject(event.data);
      if (type === 'dispute') {
        return {
          provider: 'checkout',
          eventId: asString(event.id) ?? '',
          type,
          providerType,
          providerRef: asString(data.payment_id),
          orderId: asString(data.payment_reference),
          captureId: asString(data.payment_id),
          amountCents: typeof data.amount === 'number' ? data.amount : null,
          currency: shopCurrency(data.currency),
          disputeId: asString(data.id),
        };
      }
      const paymentId = asString(data.id);
      const amount =
        typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? data.amount : null;
      return {
        provider: 'checkout',
        eventId: asString(event.id) ?? '',
        type,
        providerType,
        providerRef: paymentId,
        orderId: asString(data.reference) ?? asString(asObject(data.metadata).order_id),
        captureId:
          type === 'captured' || type === 'refunded' || type === 'chargeback' ? paymentId : null,
        amountCents: amount,
        currency: shopCurrency(data.currency),
      };
    },
  };
}
