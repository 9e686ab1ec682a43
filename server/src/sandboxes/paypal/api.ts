import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { decimalToMinor, minorToDecimal } from '../../integrations/payments/amounts.ts';
import { readJsonObject, sandboxId } from '../kit.ts';
import {
  PAYPAL_SANDBOX_CREDENTIALS,
  sign,
  transmissionMessage,
  type Money,
  type PaypalModel,
  type SandboxCapture,
  type SandboxOrder,
  type SandboxRefund,
} from './state.ts';

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

/** PayPal's REST API (the paths the real client calls) and the sandbox's test control. */
export function paypalApi(model: PaypalModel): Hono {
  const { store, state, webhookId, now, links, captureView, refundView, orderView, emit } = model;
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
    await store.saveSoon();
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
    const body = await readJsonObject(c);
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
    // The payer's country the shop knows (its billing country): the approval page prefills it.
    const hint = text(
      (body.payment_source as { paypal?: { address?: { country_code?: unknown } } } | undefined)
        ?.paypal?.address?.country_code,
    );
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
      ...(hint && /^[A-Z]{2}$/.test(hint) && { countryHint: hint }),
      declinedFunding: false,
      captureId: null,
      createTime: time,
      updateTime: time,
    };
    state.orders[order.id] = order;
    if (key) state.requests[key] = order.id;
    await store.saveSoon();
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
    const body = (await readJsonObject(c)) ?? {};
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
    await store.saveSoon();
    return c.json(refundView(refund), 201);
  });

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const body = await readJsonObject(c);
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

  return app;
}
