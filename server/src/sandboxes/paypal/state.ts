import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { PAYPAL_SANDBOX_CREDENTIALS } from '../../integrations/payments/sandbox-credentials.ts';
import type { Logger } from '../../logger.ts';
import { openSandboxState, sandboxId, type PendingWebhook } from '../kit.ts';

/*
 * The PayPal sandbox's state (`<dir>/paypal-sandbox.json`, saved before each answer) and the
 * views and signed webhooks built from it, as PayPal shapes them. Routes and pages change the
 * state; only this file knows how it reads on the wire.
 */

// The client's side knows them too, without importing the sandbox (integrations/payments).
export { PAYPAL_SANDBOX_CREDENTIALS };

export type Money = { currency_code: string; value: string };

export type SandboxOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: {
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
  };
  returnUrl: string | null;
  cancelUrl: string | null;
  payerId: string | null;
  /** The PayPal account's email, when the buyer signed in on the approval page. */
  payerEmail?: string;
  /**
   * The payer's country (`payer.address.country_code`): what the approval page's country field
   * held (prefilled with the shop's hint, `payment_source.paypal.address.country_code`).
   */
  payerCountry?: string;
  /** The country the shop suggested when it created the order. */
  countryHint?: string;
  /** Approved with the declined-card button: its capture fails. */
  declinedFunding: boolean;
  captureId: string | null;
  createTime: string;
  updateTime: string;
};

export type SandboxCapture = {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  refundIds: string[];
  /** Taken back by the buyer's bank or PayPal (a chargeback): nothing is left to refund. */
  reversed?: boolean;
  createTime: string;
  updateTime: string;
};

export type SandboxRefund = {
  id: string;
  captureId: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  createTime: string;
};

export type SandboxPayoutItem = {
  payout_item_id: string;
  transaction_status: 'SUCCESS' | 'FAILED' | 'UNCLAIMED';
  amount: Money;
  receiver: string;
  sender_item_id?: string;
  note?: string;
  error?: { name: string; message: string };
};

export type SandboxPayoutBatch = {
  id: string;
  senderBatchId: string;
  emailSubject?: string;
  items: SandboxPayoutItem[];
  createTime: string;
};

export type PaypalState = {
  /** Signs webhook transmissions; only this sandbox's deliveries verify. */
  signingSecret: string;
  tokens: Record<string, number>;
  orders: Record<string, SandboxOrder>;
  captures: Record<string, SandboxCapture>;
  refunds: Record<string, SandboxRefund>;
  /** `PayPal-Request-Id` of a successful call → the id of what it made. */
  requests: Record<string, string>;
  /** Payouts batches by payout_batch_id (absent in state files from before payouts). */
  payouts?: Record<string, SandboxPayoutBatch>;
  pendingWebhooks: PendingWebhook[];
};

/** The signed message of a transmission, as PayPal's own SDK builds it. */
export function transmissionMessage(
  id: string,
  time: string,
  webhookId: string,
  body: string,
): string {
  return `${id}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8')) >>> 0}`;
}

export function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('base64');
}

/** Opens the sandbox's state under `dir` and what the routes and pages build from it. */
export function openPaypalState(opts: { dir: string; webhookId?: string; log?: Logger }) {
  const { store, state, sender } = openSandboxState<PaypalState>(
    path.join(opts.dir, 'paypal-sandbox.json'),
    () => ({
      signingSecret: randomBytes(32).toString('hex'),
      tokens: {},
      orders: {},
      captures: {},
      refunds: {},
      requests: {},
      pendingWebhooks: [],
    }),
    opts.log,
  );
  const webhookId = opts.webhookId ?? PAYPAL_SANDBOX_CREDENTIALS.webhookId;
  /** The sandbox's own origin, known once it listens: links in answers point at it. */
  let base = '';
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  const links = {
    order: (o: SandboxOrder) => [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `${base}/checkoutnow?token=${o.id}`,
              rel: o.status === 'CREATED' ? 'approve' : 'payer-action',
              method: 'GET',
            },
          ]
        : []),
      ...(o.status !== 'COMPLETED'
        ? [
            { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'update', method: 'PATCH' },
            { href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
          ]
        : []),
    ],
  };

  const captureView = (cap: SandboxCapture) => {
    const order = state.orders[cap.orderId]!;
    return {
      id: cap.id,
      status: cap.status,
      amount: cap.amount,
      final_capture: true,
      custom_id: order.unit.custom_id,
      invoice_id: order.unit.invoice_id,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      supplementary_data: { related_ids: { order_id: cap.orderId } },
      create_time: cap.createTime,
      update_time: cap.updateTime,
      links: [
        { href: `${base}/v2/payments/captures/${cap.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${cap.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${cap.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  };

  const refundView = (r: SandboxRefund) => ({
    id: r.id,
    status: 'COMPLETED',
    amount: r.amount,
    custom_id: r.custom_id,
    invoice_id: r.invoice_id,
    note_to_payer: r.note_to_payer,
    create_time: r.createTime,
    update_time: r.createTime,
    links: [
      { href: `${base}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
    ],
  });

  const orderView = (o: SandboxOrder) => {
    const capture = o.captureId ? state.captures[o.captureId] : undefined;
    return {
      id: o.id,
      intent: 'CAPTURE',
      status: o.status,
      purchase_units: [
        {
          ...o.unit,
          payee: { merchant_id: 'SANDBOXMERCHANT' },
          ...(capture
            ? {
                payments: {
                  captures: [captureView(capture)],
                  ...(capture.refundIds.length
                    ? { refunds: capture.refundIds.map((id) => refundView(state.refunds[id]!)) }
                    : {}),
                },
              }
            : {}),
        },
      ],
      ...(o.payerId
        ? {
            payer: {
              payer_id: o.payerId,
              email_address: o.payerEmail ?? 'buyer@sandbox.example',
              name: { given_name: 'Sandbox', surname: 'Buyer' },
              ...(o.payerCountry && { address: { country_code: o.payerCountry } }),
            },
          }
        : {}),
      create_time: o.createTime,
      update_time: o.updateTime,
      links: links.order(o),
    };
  };

  /** Queues a webhook event, signed as a PayPal transmission (the caller saves the state). */
  const emit = (eventType: string, resourceType: string, resource: unknown, summary: string) => {
    const body = JSON.stringify({
      id: sandboxId('WH-', 17),
      create_time: now(),
      resource_type: resourceType,
      event_type: eventType,
      event_version: '1.0',
      resource_version: '2.0',
      summary,
      resource,
      links: [],
    });
    const transmissionId = randomUUID();
    const time = now();
    sender.enqueue({
      id: transmissionId,
      body,
      attempts: 0,
      headers: {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sign(
          state.signingSecret,
          transmissionMessage(transmissionId, time, webhookId, body),
        ),
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-LOCAL-SANDBOX`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    });
  };

  return {
    store,
    state,
    sender,
    webhookId,
    now,
    links,
    captureView,
    refundView,
    orderView,
    emit,
    setBase(url: string) {
      base = url;
    },
  };
}

export type PaypalModel = ReturnType<typeof openPaypalState>;
