import type { Logger } from '../../../logger.ts';
import { decimalToMinor, minorToDecimal, providerCurrency, shopCurrency } from '../amounts.ts';
import {
  PaymentError,
  headerValue,
  type CaptureResult,
  type PaymentDetails,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
} from '../payment-provider.ts';
import { asArray, asObject, asString, callProvider, type Json } from '../provider-http.ts';
import { createPaypalDisputes } from './paypal-disputes.ts';

/**
 * PayPal Orders v2 over HTTP (fetch): OAuth2 client credentials with a cached token, create /
 * get / capture an order, refund a capture (Payments v2), and webhook verification through
 * PayPal's postback API. `PayPal-Request-Id` carries the caller's idempotency key on every POST.
 *
 * Capturing twice: the same key answers the original capture; a new key makes PayPal answer 422
 * `ORDER_ALREADY_CAPTURED`, which this client turns into the existing capture with
 * `alreadyCaptured: true`, so a browser return racing a webhook never charges twice.
 */
export type PaypalConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The webhook's id in PayPal's dashboard; without it no delivery verifies. */
  webhookId: string | null;
  log?: Logger;
};

/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const ORDER_STATUS: Record<string, PaymentStatus> = {
  CREATED: 'created',
  SAVED: 'created',
  PAYER_ACTION_REQUIRED: 'created',
  APPROVED: 'approved',
  VOIDED: 'cancelled',
};

const CAPTURE_STATUS: Record<string, PaymentStatus> = {
  COMPLETED: 'captured',
  PARTIALLY_REFUNDED: 'captured',
  REFUNDED: 'refunded',
  PENDING: 'pending',
  DECLINED: 'failed',
  FAILED: 'failed',
};

const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  'CHECKOUT.ORDER.APPROVED': 'approved',
  'PAYMENT.CAPTURE.COMPLETED': 'captured',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  'CHECKOUT.PAYMENT-APPROVAL.REVERSED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  // The money is gone: PayPal reversed the capture (a card chargeback, which also opens a
  // dispute at its CHARGEBACK stage, or a dispute lost). A won dispute gives it back.
  'PAYMENT.CAPTURE.REVERSED': 'chargeback',
  // Disputes API v1: the disputes module reads the dispute again and answers it with evidence.
  'CUSTOMER.DISPUTE.CREATED': 'dispute',
  'CUSTOMER.DISPUTE.UPDATED': 'dispute',
  'CUSTOMER.DISPUTE.RESOLVED': 'dispute',
};

/** The issue code of a PayPal error body (`details[0].issue`), else its `name`. */
function issueOf(body: unknown): string | null {
  const b = asObject(body);
  return asString(asObject(asArray(b.details)[0]).issue) ?? asString(b.name);
}

/**
 * PayPal's REST API with its OAuth2 client-credentials token (cached, renewed before it expires):
 * the payments client and the payouts client (`paypal-payouts.ts`) call through it.
 */
export function createPaypalApi(config: PaypalConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const res = await callProvider('paypal', `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = asObject(res.body);
    const value = asString(body.access_token);
    if (res.status !== 200 || !value) {
      throw new PaymentError('paypal', 'UNAUTHORIZED', 'PayPal refused the client credentials', {
        httpStatus: res.status,
        providerCode: asString(body.error),
      });
    }
    const ttlMs = (typeof body.expires_in === 'number' ? body.expires_in : 0) * 1000;
    token = { value, expiresAt: Date.now() + Math.max(0, ttlMs - TOKEN_MARGIN_MS) };
    return value;
  }

  /** An authenticated call; a 401 (token revoked or expired early) gets one fresh token. */
  async function api(
    method: 'GET' | 'POST',
    path: string,
    opts: {
      body?: unknown;
      /** A body that is not JSON (a dispute's multipart evidence), sent as is. */
      raw?: { body: string | Uint8Array; contentType: string };
      requestId?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        prefer: 'return=representation',
        ...opts.headers,
      };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.raw) headers['content-type'] = opts.raw.contentType;
      if (opts.requestId) headers['paypal-request-id'] = opts.requestId;
      const res = await callProvider('paypal', `${base}${path}`, {
        method,
        headers,
        body: opts.raw?.body ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (res.status === 401) {
        throw new PaymentError('paypal', 'UNAUTHORIZED', 'PayPal refused the access token', {
          httpStatus: 401,
        });
      }
      return res;
    }
  }

  return api;
}
export type PaypalApi = ReturnType<typeof createPaypalApi>;

export function createPaypalClient(config: PaypalConfig): PaymentProvider {
  const api = createPaypalApi(config);
  const disputes = createPaypalDisputes(api, config.log);
  const fail = (
    res: { status: number; body: unknown; headers: Headers },
    fallback: string,
  ): never => {
    const issue = issueOf(res.body);
    const debugId = res.headers.get('paypal-debug-id') ?? asString(asObject(res.body).debug_id);
    config.log?.warn({ status: res.status, issue, debugId }, 'PayPal refused a call');
    const code =
      res.status === 404
        ? 'NOT_FOUND'
        : issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED'
          ? 'NOT_APPROVED'
          : issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED'
            ? 'DECLINED'
            : issue === 'REFUND_AMOUNT_EXCEEDED' || issue === 'CAPTURE_FULLY_REFUNDED'
              ? 'REFUND_EXCEEDED'
              : 'INVALID_REQUEST';
    throw new PaymentError('paypal', code, `${fallback}: ${issue ?? res.status}`, {
      httpStatus: res.status,
      providerCode: issue,
      debugId,
    });
  };

  const money = (raw: unknown) => {
    const m = asObject(raw);
    const code = asString(m.currency_code);
    const value = asString(m.value);
    const currency = shopCurrency(code);
    if (!code || !value || !currency) {
      throw new PaymentError(
        'paypal',
        'INVALID_REQUEST',
        'PayPal answered an amount the shop does not trade in',
      );
    }
    return { amountCents: decimalToMinor(value, code), currency };
  };

  /** Reads an order representation into our terms. */
  function details(order: Json): PaymentDetails {
    const unit = asObject(asArray(order.purchase_units)[0]);
    const payments = asObject(unit.payments);
    const capture = asObject(asArray(payments.captures)[0]);
    const captureId = asString(capture.id);
    const { amountCents, currency } = money(unit.amount);
    const refundedCents = asArray(payments.refunds)
      .map((r) => asObject(r))
      .filter((r) => r.status !== 'FAILED' && r.status !== 'CANCELLED')
      .reduce((sum, r) => sum + money(r.amount).amountCents, 0);
    const orderStatus = asString(order.status) ?? '';
    // The PayPal account that paid: the instrument PayPal identifies (cards stay PayPal's).
    const payerId = asString(asObject(order.payer).payer_id);
    const status =
      orderStatus === 'COMPLETED'
        ? (CAPTURE_STATUS[asString(capture.status) ?? ''] ?? 'pending')
        : (ORDER_STATUS[orderStatus] ?? 'created');
    return {
      providerRef: asString(order.id) ?? '',
      orderId: asString(unit.custom_id),
      status,
      amountCents,
      currency,
      captureId,
      capturedCents: captureId && status !== 'failed' ? money(capture.amount).amountCents : 0,
      refundedCents,
      instrument: payerId ? `paypal:${payerId}` : null,
      // The PayPal account's country: the payment instrument's country (VAT evidence).
      country:
        asString(asObject(asObject(order.payer).address).country_code)?.toUpperCase() ?? null,
    };
  }

  const getPayment = async (providerRef: string) => {
    const res = await api('GET', `/v2/checkout/orders/${encodeURIComponent(providerRef)}`);
    if (res.status !== 200) fail(res, 'PayPal order lookup failed');
    return details(asObject(res.body));
  };

  /** The capture an order carries, as a capture result; declined captures throw. */
  function captureOf(payment: PaymentDetails, alreadyCaptured: boolean): CaptureResult {
    if (!payment.captureId || payment.status === 'failed') {
      throw new PaymentError('paypal', 'DECLINED', 'PayPal declined the capture', {
        providerCode: payment.status,
      });
    }
    return {
      captureId: payment.captureId,
      status: payment.status === 'pending' ? 'pending' : 'captured',
      amountCents: payment.capturedCents,
      currency: payment.currency,
      alreadyCaptured,
    };
  }

  return {
    name: 'paypal',
    ...disputes,

    async createPayment(input) {
      const currency = providerCurrency(input.currency);
      const value = minorToDecimal(input.amountCents, currency);
      const res = await api('POST', '/v2/checkout/orders', {
        requestId: input.idempotencyKey,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.orderId,
              custom_id: input.orderId,
              description: input.description.slice(0, 127),
              amount: { currency_code: currency, value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
              ...(input.billingCountry && { address: { country_code: input.billingCountry } }),
            },
          },
        },
      });
      if (res.status !== 201 && res.status !== 200) fail(res, 'PayPal order creation failed');
      const order = asObject(res.body);
      const approval = asArray(order.links)
        .map((l) => asObject(l))
        .find((l) => l.rel === 'approve' || l.rel === 'payer-action');
      const providerRef = asString(order.id);
      const approvalUrl = asString(approval?.href);
      if (!providerRef || !approvalUrl) {
        throw new PaymentError(
          'paypal',
          'INVALID_REQUEST',
          'PayPal answered an order without an approval link',
        );
      }
      return {
        providerRef,
        approvalUrl,
        status: ORDER_STATUS[asString(order.status) ?? ''] ?? 'created',
      };
    },

    getPayment,

    async capture(providerRef, { idempotencyKey }) {
      const res = await api(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(providerRef)}/capture`,
        {
          requestId: idempotencyKey,
          body: {},
        },
      );
      if (res.status === 200 || res.status === 201)
        return captureOf(details(asObject(res.body)), false);
      if (res.status === 422 && issueOf(res.body) === 'ORDER_ALREADY_CAPTURED') {
        return captureOf(await getPayment(providerRef), true);
      }
      return fail(res, 'PayPal capture failed');
    },

    async refund(captureId, input) {
      const currency = providerCurrency(input.currency);
      const res = await api(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          requestId: input.idempotencyKey,
          body: {
            ...(input.amountCents === undefined
              ? {}
              : {
                  amount: {
                    currency_code: currency,
                    value: minorToDecimal(input.amountCents, currency),
                  },
                }),
            ...(input.orderId ? { custom_id: input.orderId } : {}),
            note_to_payer: input.reason.slice(0, 255),
          },
        },
      );
      if (res.status !== 201 && res.status !== 200) fail(res, 'PayPal refund failed');
      const refund = asObject(res.body);
      const refundId = asString(refund.id);
      const status = asString(refund.status);
      if (!refundId || status === 'FAILED' || status === 'CANCELLED') {
        throw new PaymentError('paypal', 'DECLINED', 'PayPal did not complete the refund', {
          providerCode: status,
        });
      }
      return { refundId, status: status === 'COMPLETED' ? 'completed' : 'pending' };
    },

    async verifyWebhook(headers, rawBody) {
      const get = (name: string) => headerValue(headers, name);
      const transmission = {
        auth_algo: get('paypal-auth-algo'),
        cert_url: get('paypal-cert-url'),
        transmission_id: get('paypal-transmission-id'),
        transmission_sig: get('paypal-transmission-sig'),
        transmission_time: get('paypal-transmission-time'),
      };
      if (!config.webhookId || Object.values(transmission).some((v) => !v)) return null;
      let event: Json;
      try {
        event = asObject(JSON.parse(rawBody));
      } catch {
        return null;
      }
      const res = await api('POST', '/v1/notifications/verify-webhook-signature', {
        body: { ...transmission, webhook_id: config.webhookId, webhook_event: event },
      });
      if (res.status !== 200) fail(res, 'PayPal webhook verification failed');
      if (asObject(res.body).verification_status !== 'SUCCESS') return null;
      return normaliseEvent(event);
    },
  };
}

/** A verified PayPal event in our terms. */
function normaliseEvent(event: Json): PaymentEvent {
  const providerType = asString(event.event_type) ?? '';
  const type = EVENT_TYPES[providerType] ?? 'other';
  const resource = asObject(event.resource);
  const readMoney = (raw: unknown) => {
    const m = asObject(raw);
    const code = asString(m.currency_code);
    const value = asString(m.value);
    try {
      return code && value
        ? { amountCents: decimalToMinor(value, code), currency: shopCurrency(code) }
        : null;
    } catch {
      return null;
    }
  };
  const base = {
    provider: 'paypal' as const,
    eventId: asString(event.id) ?? '',
    type,
    providerType,
  };
  // Disputes: the dispute, and the capture and order it is about.
  if (type === 'dispute') {
    const disputed = asObject(asArray(resource.disputed_transactions)[0]);
    const amount = readMoney(resource.dispute_amount);
    return {
      ...base,
      providerRef: null,
      orderId: asString(disputed.custom),
      captureId: asString(disputed.seller_transaction_id),
      amountCents: amount?.amountCents ?? null,
      currency: amount?.currency ?? null,
      disputeId: asString(resource.dispute_id),
    };
  }
  // Payouts (sellers' payouts): the batch the event is about.
  if (providerType.startsWith('PAYMENT.PAYOUTS')) {
    const batchId =
      asString(asObject(resource.batch_header).payout_batch_id) ??
      asString(resource.payout_batch_id);
    return {
      ...base,
      providerRef: batchId,
      orderId: null,
      captureId: null,
      amountCents: null,
      currency: null,
    };
  }
  if (asString(event.resource_type) === 'checkout-order') {
    const unit = asObject(asArray(resource.purchase_units)[0]);
    const amount = readMoney(unit.amount);
    return {
      ...base,
      providerRef: asString(resource.id),
      orderId: asString(unit.custom_id),
      captureId: null,
      amountCents: amount?.amountCents ?? null,
      currency: amount?.currency ?? null,
    };
  }
  const amount = readMoney(resource.amount);
  // A refund names its capture only through its `up` link.
  const upLink = asArray(resource.links)
    .map((l) => asObject(l))
    .find((l) => l.rel === 'up');
  const captureFromLink = /\/captures\/([^/?]+)/.exec(asString(upLink?.href) ?? '')?.[1] ?? null;
  const related = asObject(asObject(resource.supplementary_data).related_ids);
  return {
    ...base,
    providerRef: asString(related.order_id) ?? asString(resource.order_id),
    orderId: asString(resource.custom_id),
    captureId:
      providerType === 'PAYMENT.CAPTURE.REFUNDED' ? captureFromLink : asString(resource.id),
    amountCents: amount?.amountCents ?? null,
    currency: amount?.currency ?? null,
  };
}
