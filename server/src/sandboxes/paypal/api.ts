import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { Logger } from '../../../logger.ts';
import { decimalToMinor, minorToDecimal } from '../amounts.ts';
import {
  openSandboxState,
  html,
  listen,
  sandboxId,
  sandboxPage,
  type PendingWebhook,
} from '../sandbox-kit.ts';

/**
 * A local stand-in for PayPal's REST API (Orders v2 subset, Payments v2 refunds, OAuth2 client
 * credentials, webhook verification) with the same paths, shapes and status codes, plus the
 * buyer's approval page. State lives in `<dir>/paypal-sandbox.json`, written before each answer.
 *
 * Making a capture fail, either way:
 * - the approval page's "Use a card that will be declined" button approves the order with a
 *   funding source whose capture then answers 422 `INSTRUMENT_DECLINED` (for browser tests);
 * - a `PayPal-Mock-Response: {"mock_application_codes":"INSTRUMENT_DECLINED"}` header on the
 *   capture call, as PayPal's own sandbox supports (any issue code given is answered with 422).
 *
 * The payer: approving as a guest gives a payer id of its own each time; a `login_email` on the
 * approval form stands for a PayPal account, always the same payer id for the same email.
 *
 * Test control (no PayPal API; PayPal's side of a chargeback): `POST /sandbox/captures/:id/reverse`
 * reverses a completed capture and sends the signed `PAYMENT.CAPTURE.REVERSED` webhook.
 */

export const PAYPAL_SANDBOX_CREDENTIALS = {
  clientId: 'sandbox-paypal-client',
  clientSecret: 'sandbox-paypal-secret',
  webhookId: 'WH-LOCAL-SANDBOX',
} as const;

type Money = { currency_code: string; value: string };

type SandboxOrder = {
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
  /** Approved with the declined-card button: its capture fails. */
  declinedFunding: boolean;
  captureId: string | null;
  createTime: string;
  updateTime: string;
};

type SandboxCapture = {
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

type SandboxRefund = {
  id: string;
  captureId: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  createTime: string;
};

type State = {
  /** Signs webhook transmissions; only this sandbox's deliveries verify. */
  signingSecret: string;
  tokens: Record<string, number>;
  orders: Record<string, SandboxOrder>;
  captures: Record<string, SandboxCapture>;
  refunds: Record<string, SandboxRefund>;
  /** `PayPal-Request-Id` of a successful call → the id of what it made. */
  requests: Record<string, string>;
  pendingWebhooks: PendingWebhook[];
};

export type PaypalSandbox = {
  url: string;
  port: number;
  /** Where webhook events are POSTed (null: keep them pending). */
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
};

const TOKEN_TTL_S = 32_400;

/** PayPal's error body, with its `paypal-debug-id` header. */
function ppError(
  c: Context,
  status: 400 | 401 | 404 | 422,
  name: string,
  issue: string,
  description: string,
  field?: string,
) {
  const debugId = randomBytes(7).toString('hex');
  c.header('paypal-debug-id', debugId);
  return c.json(
    {
      name,
      message:
        status === 422
          ? 'The requested action could not be performed, semantically incorrect, or failed business validation.'
          : description,
      debug_id: debugId,
      details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
      links: [],
    },
    status,
  );
}

/** PayPal's answer for an order, capture or refund id it does not know. */
const notFound = (c: Context) =>
  ppError(
    c,
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );

/** The signed message of a transmission, as PayPal's own SDK builds it. */
function transmissionMessage(id: string, time: string, webhookId: string, body: string): string {
  return `${id}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8')) >>> 0}`;
}

function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('base64');
}

/** Starts the PayPal sandbox on `port` (0: a free one), its state kept under `dir`. */
export async function startPaypalSandbox(opts: {
  port: number;
  dir: string;
  webhookUrl?: string | null;
  webhookId?: string;
  log?: Logger;
}): Promise<PaypalSandbox> {
  const { store, state, sender } = openSandboxState<State>(
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

  const app = new Hono();

  app.post('/v1/oauth2/token', async (c) => {
    const expected = `Basic ${Buffer.from(
      `${PAYPAL_SANDBOX_CREDENTIALS.clientId}:${PAYPAL_SANDBOX_CREDENTIALS.clientSecret}`,
    ).toString('base64')}`;
    const form = new URLSearchParams(await c.req.text());
    if (c.req.header('authorization') !== expected) {
      return c.json(
        { error: 'invalid_client', error_description: 'Client Authentication failed' },
        401,
      );
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return c.json(
        { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
        400,
      );
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    const nowMs = Date.now();
    for (const [t, expiry] of Object.entries(state.tokens))
      if (expiry < nowMs) delete state.tokens[t];
    state.tokens[token] = nowMs + TOKEN_TTL_S * 1000;
    store.save();
    return c.json({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-LOCALSANDBOX',
      expires_in: TOKEN_TTL_S,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  });

  // Every API call but the token call needs a live Bearer token.
  app.use('*', async (c, next) => {
    if (!/^\/v\d\//.test(c.req.path) || c.req.path === '/v1/oauth2/token') return next();
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !((state.tokens[token] ?? 0) > Date.now())) {
      return c.json(
        { error: 'invalid_token', error_description: 'Token signature verification failed' },
        401,
      );
    }
    return next();
  });

  const readJson = async (c: Context): Promise<Record<string, unknown> | null> => {
    try {
      const body = (await c.req.json()) as unknown;
      return body && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };

  /** A `money` object as PayPal validates it, or the name of the bad field. */
  const readMoney = (raw: unknown): Money | string => {
    const m = (raw ?? {}) as Partial<Money>;
    if (typeof m.currency_code !== 'string' || !/^[A-Z]{3}$/.test(m.currency_code)) {
      return 'currency_code';
    }
    if (typeof m.value !== 'string') return 'value';
    try {
      if (decimalToMinor(m.value, m.currency_code) <= 0) return 'value';
    } catch {
      return 'value';
    }
    return { currency_code: m.currency_code, value: m.value };
  };

  const requestKey = (c: Context, scope: string) => {
    const id = c.req.header('paypal-request-id');
    return id ? `${scope}:${id}` : null;
  };

  app.post('/v2/checkout/orders', async (c) => {
    const key = requestKey(c, 'create');
    const replayed = key ? state.orders[state.requests[key] ?? ''] : undefined;
    if (replayed) return c.json(orderView(replayed), 200);
    const body = await readJson(c);
    if (!body) return ppError(c, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'Bad JSON');
    if (body.intent !== 'CAPTURE') {
      return ppError(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        'The sandbox supports intent CAPTURE only',
        '/intent',
      );
    }
    const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
    if (units.length !== 1) {
      return ppError(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_ARRAY_MAX_ITEMS',
        'The sandbox takes exactly one purchase unit',
        '/purchase_units',
      );
    }
    const unit = (units[0] ?? {}) as Record<string, unknown>;
    const amount = readMoney(unit.amount);
    if (typeof amount === 'string') {
      return ppError(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        'The value of a field is invalid.',
        `/purchase_units/0/amount/${amount}`,
      );
    }
    const experience = ((body.payment_source as { paypal?: { experience_context?: unknown } })
      ?.paypal?.experience_context ?? null) as Record<string, unknown> | null;
    const context = (experience ?? body.application_context ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const time = now();
    const order: SandboxOrder = {
      id: sandboxId('', 17),
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      unit: {
        reference_id: text(unit.reference_id) ?? 'default',
        custom_id: text(unit.custom_id),
        invoice_id: text(unit.invoice_id),
        description: text(unit.description),
        amount,
      },
      returnUrl: text(context.return_url) ?? null,
      cancelUrl: text(context.cancel_url) ?? null,
      payerId: null,
      declinedFunding: false,
      captureId: null,
      createTime: time,
      updateTime: time,
    };
    state.orders[order.id] = order;
    if (key) state.requests[key] = order.id;
    store.save();
    const full = c.req.header('prefer')?.includes('return=representation');
    return c.json(
      full ? orderView(order) : { id: order.id, status: order.status, links: links.order(order) },
      201,
    );
  });

  app.get('/v2/checkout/orders/:id', (c) => {
    const order = state.orders[c.req.param('id')];
    if (!order) return notFound(c);
    return c.json(orderView(order));
  });

  app.post('/v2/checkout/orders/:id/capture', (c) => {
    const order = state.orders[c.req.param('id')];
    if (!order) return notFound(c);
    const key = requestKey(c, `capture:${order.id}`);
    if (key && state.requests[key]) return c.json(orderView(order), 200);
    if (order.status === 'COMPLETED') {
      return ppError(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED') {
      return ppError(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    let mocked: string | undefined;
    try {
      const header = c.req.header('paypal-mock-response');
      mocked = header
        ? (JSON.parse(header) as { mock_application_codes?: string }).mock_application_codes
        : undefined;
    } catch {
      mocked = undefined;
    }
    if (mocked || order.declinedFunding) {
      return ppError(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        mocked ?? 'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const time = now();
    const capture: SandboxCapture = {
      id: sandboxId('', 17),
      orderId: order.id,
      status: 'COMPLETED',
      amount: order.unit.amount,
      refundIds: [],
      createTime: time,
      updateTime: time,
    };
    state.captures[capture.id] = capture;
    Object.assign(order, { status: 'COMPLETED', captureId: capture.id, updateTime: time });
    if (key) state.requests[key] = capture.id;
    emit(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      captureView(capture),
      `Payment completed for ${capture.amount.currency_code} ${capture.amount.value}`,
    );
    store.save();
    return c.json(orderView(order), 201);
  });

  app.get('/v2/payments/captures/:id', (c) => {
    const capture = state.captures[c.req.param('id')];
    if (!capture) return notFound(c);
    return c.json(captureView(capture));
  });

  app.post('/v2/payments/captures/:id/refund', async (c) => {
    const capture = state.captures[c.req.param('id')];
    if (!capture) return notFound(c);
    const key = requestKey(c, `refund:${capture.id}`);
    const replayed = key ? state.refunds[state.requests[key] ?? ''] : undefined;
    if (replayed) return c.json(refundView(replayed), 200);
    const body = (await readJson(c)) ?? {};
    const currency = capture.amount.currency_code;
    const captured = decimalToMinor(capture.amount.value, currency);
    const refunded = capture.refundIds.reduce(
      (sum, id) => sum + decimalToMinor(state.refunds[id]!.amount.value, currency),
      0,
    );
    if (refunded >= captured || capture.reversed) {
      return ppError(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded.',
      );
    }
    let amount: Money = {
      currency_code: currency,
      value: minorToDecimal(captured - refunded, currency),
    };
    if (body.amount !== undefined) {
      const asked = readMoney(body.amount);
      if (typeof asked === 'string') {
        return ppError(
          c,
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
          `/amount/${asked}`,
        );
      }
      if (asked.currency_code !== currency) {
        return ppError(
          c,
          422,
          'UNPROCESSABLE_ENTITY',
          'REFUND_CURRENCY_MISMATCH',
          'Refund must be in the same currency as the capture.',
        );
      }
      if (decimalToMinor(asked.value, currency) > captured - refunded) {
        return ppError(
          c,
          422,
          'UNPROCESSABLE_ENTITY',
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
      amount = {
        currency_code: currency,
        value: minorToDecimal(decimalToMinor(asked.value, currency), currency),
      };
    }
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const time = now();
    const refund: SandboxRefund = {
      id: sandboxId('', 17),
      captureId: capture.id,
      amount,
      custom_id: text(body.custom_id),
      invoice_id: text(body.invoice_id),
      note_to_payer: text(body.note_to_payer),
      createTime: time,
    };
    state.refunds[refund.id] = refund;
    capture.refundIds.push(refund.id);
    const total = refunded + decimalToMinor(amount.value, currency);
    capture.status = total >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = time;
    if (key) state.requests[key] = refund.id;
    emit(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refundView(refund),
      `A ${currency} ${amount.value} capture payment was refunded`,
    );
    store.save();
    return c.json(refundView(refund), 201);
  });

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const body = await readJson(c);
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const;
    const missing = body ? fields.find((f) => typeof body[f] !== 'string') : 'webhook_event';
    if (!body || missing || typeof body.webhook_event !== 'object' || !body.webhook_event) {
      return ppError(
        c,
        400,
        'VALIDATION_ERROR',
        'MISSING_REQUIRED_FIELD',
        'A required field is missing.',
        `/${missing ?? 'webhook_event'}`,
      );
    }
    const expected = sign(
      state.signingSecret,
      transmissionMessage(
        body.transmission_id as string,
        body.transmission_time as string,
        body.webhook_id as string,
        JSON.stringify(body.webhook_event),
      ),
    );
    const given = Buffer.from(body.transmission_sig as string);
    const ok =
      body.webhook_id === webhookId &&
      given.length === Buffer.byteLength(expected) &&
      timingSafeEqual(given, Buffer.from(expected));
    return c.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });

  // The buyer's side: what https://www.sandbox.paypal.com/checkoutnow shows.
  app.get('/checkoutnow', (c) => {
    const order = state.orders[c.req.query('token') ?? ''];
    if (!order) return c.html(sandboxPage('PayPal', '<h1>This payment was not found</h1>'), 404);
    const { currency_code, value } = order.unit.amount;
    const done = order.status === 'COMPLETED';
    const form = (action: string, inner: string) =>
      `<form method="post" action="/checkoutnow/${action}"><input type="hidden" name="token" value="${html(order.id)}">${inner}</form>`;
    return c.html(
      sandboxPage(
        'PayPal Checkout',
        `<h1>PayPal</h1><p>${html(order.unit.description ?? 'Your order')}</p>
<p>Total <strong>${html(currency_code)} ${html(value)}</strong></p>
${
  done
    ? '<p>This payment is complete.</p>'
    : form(
        'approve',
        `<label for="login_email">PayPal account email (empty: pay as a guest)</label>
<input id="login_email" name="login_email" type="email" autocomplete="email">
<button type="submit" name="funding" value="balance">Pay now</button>
<button type="submit" name="funding" value="declined-card">Use a card that will be declined</button>`,
      ) + form('cancel', '<button type="submit">Cancel and return to the shop</button>')
}`,
      ),
    );
  });

  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  app.post('/checkoutnow/:action{approve|cancel}', async (c) => {
    const form = await c.req.parseBody();
    const order = state.orders[typeof form.token === 'string' ? form.token : ''];
    if (!order) return c.html(sandboxPage('PayPal', '<h1>This payment was not found</h1>'), 404);
    if (c.req.param('action') === 'cancel') {
      if (!order.cancelUrl) return c.html(sandboxPage('PayPal', '<h1>Payment cancelled</h1>'));
      return c.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
    }
    if (
      order.status === 'CREATED' ||
      order.status === 'PAYER_ACTION_REQUIRED' ||
      order.status === 'APPROVED'
    ) {
      const email = typeof form.login_email === 'string' ? form.login_email.trim() : '';
      if (email) {
        // One account, one payer id (PayPal's are 13 characters of upper-case letters and digits).
        order.payerId = createHash('sha256')
          .update(email.toLowerCase())
          .digest('hex')
          .slice(0, 13)
          .toUpperCase();
        order.payerEmail = email;
      }
      order.payerId ??= sandboxId('', 13);
      order.declinedFunding = form.funding === 'declined-card';
      if (order.status !== 'APPROVED') {
        order.status = 'APPROVED';
        order.updateTime = now();
        emit(
          'CHECKOUT.ORDER.APPROVED',
          'checkout-order',
          orderView(order),
          `An order has been approved by buyer`,
        );
      }
      store.save();
    }
    // A second visit (browser back, double click) lands on the same return URL.
    if (!order.returnUrl) return c.html(sandboxPage('PayPal', '<h1>Payment approved</h1>'));
    return c.redirect(
      withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' }),
      303,
    );
  });

  // PayPal's side of a chargeback, for tests and demos: the capture is taken back and the
  // shop hears it the way PayPal tells it, a signed PAYMENT.CAPTURE.REVERSED.
  app.post('/sandbox/captures/:id/reverse', (c) => {
    const capture = state.captures[c.req.param('id')];
    if (!capture) return notFound(c);
    if (capture.reversed || capture.status === 'REFUNDED') {
      return ppError(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded.',
      );
    }
    Object.assign(capture, { reversed: true, status: 'REFUNDED', updateTime: now() });
    emit(
      'PAYMENT.CAPTURE.REVERSED',
      'capture',
      captureView(capture),
      `A ${capture.amount.currency_code} ${capture.amount.value} capture payment was reversed`,
    );
    store.save();
    return c.json(captureView(capture));
  });

  const server = await listen(app, opts.port);
  base = server.url;
  sender.setTarget(opts.webhookUrl ?? null);
  return {
    url: server.url,
    port: server.port,
    setWebhookUrl: (url) => sender.setTarget(url),
    async close() {
      sender.close();
      await server.close();
    },
  };
}
