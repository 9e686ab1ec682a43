import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { Logger } from '../../../logger.ts';
import { minorToDecimal } from '../amounts.ts';
import {
  openSandboxState,
  html,
  listen,
  sandboxId,
  sandboxPage,
  type PendingWebhook,
} from '../sandbox-kit.ts';
import { ckoSignature } from './cko-signature.ts';

/**
 * A local stand-in for Checkout.com's unified payments API: the Hosted Payments Page
 * (`POST /hosted-payments` and the page itself), `GET /payments/{id}` and its actions, captures
 * and refunds, with `Cko-Idempotency-Key`, the real status codes (202 for captures and refunds,
 * 403 when the payment's state forbids the action) and webhooks signed with `Cko-Signature`.
 * State lives in `<dir>/checkout-sandbox.json`, written before each answer.
 *
 * Test cards on the page (prefilled with the first):
 * - 4242 4242 4242 4242: authorised, captures and refunds succeed;
 * - 4000 0000 0000 0002 (or any other number): declined at authorisation (failure URL);
 * - 4000 0000 0000 0341: authorised, but its capture is declined (`payment_capture_declined`);
 * - 4543 4740 0224 9996: authorised like the first, and always the same card (see below).
 *
 * Card fingerprints (`source.fingerprint`): 4242 4242 4242 4242 is the public test card every
 * tester shares, so each payment with it gets a fingerprint of its own (as if each had their own
 * card: velocity screening would otherwise see one card paying for everyone); every other card
 * fingerprints as itself, the same number giving the same fingerprint.
 *
 * Test control (no Checkout.com API; the issuer's side of a chargeback):
 * `POST /sandbox/payments/:id/chargeback` sends the signed `payment_chargeback` webhook of a
 * captured payment.
 */

export const CHECKOUT_SANDBOX_CREDENTIALS = {
  secretKey: 'sk_sbox_local-sandbox',
  webhookSecret: 'local-sandbox-webhook-signature-key',
} as const;

export const CHECKOUT_TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  captureDeclined: '4000000000000341',
  approvedSameCard: '4543474002249996',
} as const;

type Action = {
  id: string;
  type: 'Authorization' | 'Capture' | 'Refund';
  amount: number;
  approved: boolean;
  responseCode: string;
  responseSummary: string;
  reference?: string;
  processedOn: string;
};

type PaymentStatusName =
  'Authorized' | 'Declined' | 'Captured' | 'Partially Captured' | 'Partially Refunded' | 'Refunded';

type SandboxPayment = {
  id: string;
  hppId: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string;
  status: PaymentStatusName;
  last4: string;
  bin: string;
  fingerprint: string;
  captureDeclines: boolean;
  /** The issuer took the money back: reported once. */
  chargedBack?: boolean;
  metadata: Record<string, unknown>;
  actions: Action[];
  requestedOn: string;
};

type HostedPayment = {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string;
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
  metadata: Record<string, unknown>;
  paymentId: string | null;
  createdOn: string;
};

type State = {
  hpps: Record<string, HostedPayment>;
  payments: Record<string, SandboxPayment>;
  /** `Cko-Idempotency-Key` of a call that succeeded → its answer, replayed as is. */
  requests: Record<string, { status: 202; body: unknown }>;
  pendingWebhooks: PendingWebhook[];
};

export type CheckoutSandbox = {
  url: string;
  port: number;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
};

const APPROVED = { code: '10000', summary: 'Approved' };
const DECLINED = { code: '20005', summary: 'Declined - Do not honour' };

/** Starts the Checkout.com sandbox on `port` (0: a free one), its state kept under `dir`. */
export async function startCheckoutSandbox(opts: {
  port: number;
  dir: string;
  webhookUrl?: string | null;
  webhookSecret?: string;
  log?: Logger;
}): Promise<CheckoutSandbox> {
  const { store, state, sender } = openSandboxState<State>(
    path.join(opts.dir, 'checkout-sandbox.json'),
    () => ({ hpps: {}, payments: {}, requests: {}, pendingWebhooks: [] }),
    opts.log,
  );
  const webhookSecret = opts.webhookSecret ?? CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret;
  let base = '';
  const now = () => new Date().toISOString();
  const actionId = () => sandboxId('act_', 26, true);

  const unprocessable = (c: Context, codes: string[]) =>
    c.json({ request_id: randomUUID(), error_type: 'request_invalid', error_codes: codes }, 422);

  const sum = (p: SandboxPayment, type: Action['type']) =>
    p.actions.filter((a) => a.type === type && a.approved).reduce((s, a) => s + a.amount, 0);

  const paymentView = (p: SandboxPayment) => {
    const authorized = sum(p, 'Authorization');
    const captured = sum(p, 'Capture');
    const refunded = sum(p, 'Refund');
    const capturable = p.status === 'Authorized' ? authorized - captured : 0;
    return {
      id: p.id,
      requested_on: p.requestedOn,
      source: {
        type: 'card',
        scheme: 'Visa',
        last4: p.last4,
        bin: p.bin,
        expiry_month: 12,
        expiry_year: 2030,
        fingerprint: p.fingerprint,
      },
      amount: p.amount,
      currency: p.currency,
      payment_type: 'Regular',
      reference: p.reference,
      description: p.description,
      status: p.status,
      approved: p.status !== 'Declined',
      balances: {
        total_authorized: authorized,
        total_voided: 0,
        available_to_void: capturable,
        total_captured: captured,
        available_to_capture: capturable,
        total_refunded: refunded,
        available_to_refund: captured - refunded,
      },
      metadata: p.metadata,
      _links: {
        self: { href: `${base}/payments/${p.id}` },
        actions: { href: `${base}/payments/${p.id}/actions` },
        ...(capturable ? { capture: { href: `${base}/payments/${p.id}/captures` } } : {}),
        ...(captured - refunded > 0
          ? { refund: { href: `${base}/payments/${p.id}/refunds` } }
          : {}),
      },
    };
  };

  const hppView = (h: HostedPayment) => ({
    id: h.id,
    status: h.paymentId ? 'Payment Received' : 'Payment Pending',
    ...(h.paymentId ? { payment_id: h.paymentId } : {}),
    amount: h.amount,
    currency: h.currency,
    reference: h.reference,
    description: h.description,
    success_url: h.successUrl,
    cancel_url: h.cancelUrl,
    failure_url: h.failureUrl,
    metadata: h.metadata,
    created_on: h.createdOn,
    _links: {
      self: { href: `${base}/hosted-payments/${h.id}` },
      redirect: { href: `${base}/page/${h.id}` },
      ...(h.paymentId ? { payment: { href: `${base}/payments/${h.paymentId}` } } : {}),
    },
  });

  /** Queues a signed webhook about `p` and one of its actions (the caller saves the state). */
  const emit = (type: string, p: SandboxPayment, action: Action) => {
    const body = JSON.stringify({
      id: sandboxId('evt_', 26, true),
      type,
      version: '1.0.33',
      created_on: now(),
      data: {
        id: p.id,
        action_id: action.id,
        reference: p.reference,
        amount: action.amount,
        currency: p.currency,
        response_code: action.responseCode,
        response_summary: action.responseSummary,
        processed_on: action.processedOn,
        metadata: p.metadata,
      },
      _links: {
        self: { href: `${base}/workflows/events/${action.id}` },
        payment: { href: `${base}/payments/${p.id}` },
      },
    });
    sender.enqueue({
      id: randomUUID(),
      body,
      attempts: 0,
      headers: { 'cko-signature': ckoSignature(body, webhookSecret) },
    });
  };

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

  const app = new Hono();

  // The API needs the secret key; the hosted page is the buyer's and needs none.
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/page/') || c.req.path.startsWith('/sandbox/')) return next();
    if (c.req.header('authorization') !== `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}`) {
      return c.body(null, 401);
    }
    return next();
  });

  app.post('/hosted-payments', async (c) => {
    const body = await readJson(c);
    if (!body) return unprocessable(c, ['request_body_malformed']);
    const codes: string[] = [];
    const url = (field: string) => {
      const v = body[field];
      try {
        if (typeof v === 'string' && /^https?:$/.test(new URL(v).protocol)) return v;
      } catch {
        // reported below
      }
      codes.push(`${field}_invalid`);
      return '';
    };
    if (!Number.isSafeInteger(body.amount) || (body.amount as number) <= 0)
      codes.push('amount_invalid');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency))
      codes.push('currency_invalid');
    if (typeof body.reference !== 'string' || !body.reference) codes.push('reference_required');
    const country = (body.billing as { address?: { country?: unknown } } | undefined)?.address
      ?.country;
    if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country))
      codes.push('billing_address_country_invalid');
    const successUrl = url('success_url');
    const cancelUrl = url('cancel_url');
    const failureUrl = url('failure_url');
    if (codes.length) return unprocessable(c, codes);
    const hpp: HostedPayment = {
      id: sandboxId('hpp_', 12),
      amount: body.amount as number,
      currency: body.currency as string,
      reference: body.reference as string,
      description: typeof body.description === 'string' ? body.description : undefined,
      successUrl,
      cancelUrl,
      failureUrl,
      metadata: (body.metadata && typeof body.metadata === 'object' ? body.metadata : {}) as Record<
        string,
        unknown
      >,
      paymentId: null,
      createdOn: now(),
    };
    state.hpps[hpp.id] = hpp;
    store.save();
    return c.json({ id: hpp.id, reference: hpp.reference, _links: hppView(hpp)._links }, 201);
  });

  app.get('/hosted-payments/:id', (c) => {
    const hpp = state.hpps[c.req.param('id')];
    return hpp ? c.json(hppView(hpp)) : c.body(null, 404);
  });

  app.get('/payments/:id', (c) => {
    const p = state.payments[c.req.param('id')];
    return p ? c.json(paymentView(p)) : c.body(null, 404);
  });

  app.get('/payments/:id/actions', (c) => {
    const p = state.payments[c.req.param('id')];
    if (!p) return c.body(null, 404);
    return c.json(
      [...p.actions].reverse().map((a) => ({
        id: a.id,
        type: a.type,
        processed_on: a.processedOn,
        amount: a.amount,
        approved: a.approved,
        response_code: a.responseCode,
        response_summary: a.responseSummary,
        reference: a.reference,
      })),
    );
  });

  /** Captures and refunds: idempotent by key, 403 when the state forbids, 202 when accepted. */
  app.post('/payments/:id/:kind{captures|refunds}', async (c) => {
    const p = state.payments[c.req.param('id')];
    if (!p) return c.body(null, 404);
    const kind = c.req.param('kind');
    const key = c.req.header('cko-idempotency-key');
    const requestKey = key ? `${p.id}/${kind}:${key}` : null;
    const replay = requestKey ? state.requests[requestKey] : undefined;
    if (replay) return c.json(replay.body, replay.status);
    const body = (await readJson(c)) ?? {};
    if (
      body.amount !== undefined &&
      (!Number.isSafeInteger(body.amount) || (body.amount as number) <= 0)
    ) {
      return unprocessable(c, ['amount_invalid']);
    }
    const view = paymentView(p);
    const available =
      kind === 'captures' ? view.balances.available_to_capture : view.balances.available_to_refund;
    if (available <= 0) return c.body(null, 403);
    const amount = (body.amount as number | undefined) ?? available;
    if (amount > available) {
      return unprocessable(c, [
        kind === 'captures' ? 'amount_exceeds_balance' : 'refund_amount_exceeds_balance',
      ]);
    }
    const declined = kind === 'captures' && p.captureDeclines;
    const action: Action = {
      id: actionId(),
      type: kind === 'captures' ? 'Capture' : 'Refund',
      amount,
      approved: !declined,
      responseCode: declined ? DECLINED.code : APPROVED.code,
      responseSummary: declined ? DECLINED.summary : APPROVED.summary,
      reference: typeof body.reference === 'string' ? body.reference : undefined,
      processedOn: now(),
    };
    p.actions.push(action);
    if (kind === 'captures') {
      if (!declined) p.status = amount === available ? 'Captured' : 'Partially Captured';
      emit(declined ? 'payment_capture_declined' : 'payment_captured', p, action);
    } else {
      p.status = amount === available ? 'Refunded' : 'Partially Refunded';
      emit('payment_refunded', p, action);
    }
    const answer = {
      action_id: action.id,
      ...(action.reference ? { reference: action.reference } : {}),
      _links: { payment: { href: `${base}/payments/${p.id}` } },
    };
    if (requestKey) state.requests[requestKey] = { status: 202, body: answer };
    store.save();
    return c.json(answer, 202);
  });

  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  /** Where the buyer goes once the page has a payment: success or failure URL. */
  const resultUrl = (hpp: HostedPayment, p: SandboxPayment) =>
    withQuery(p.status === 'Declined' ? hpp.failureUrl : hpp.successUrl, {
      'cko-payment-id': p.id,
    });

  app.get('/page/:id', (c) => {
    const hpp = state.hpps[c.req.param('id')];
    if (!hpp)
      return c.html(sandboxPage('Checkout.com', '<h1>This payment link is not valid</h1>'), 404);
    const paid = hpp.paymentId ? state.payments[hpp.paymentId] : undefined;
    const total = `${html(hpp.currency)} ${html(minorToDecimal(hpp.amount, hpp.currency))}`;
    const body = paid
      ? `<h1>Payment ${paid.status === 'Declined' ? 'declined' : 'received'}</h1>
<p><a href="${html(resultUrl(hpp, paid))}">Return to the shop</a></p>`
      : `<h1>Pay ${total}</h1><p>${html(hpp.description ?? hpp.reference)}</p>
<form method="post" action="/page/${html(hpp.id)}/pay">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<label for="expiry">Expiry date</label><input id="expiry" name="expiry" value="12/30">
<label for="cvv">Security code</label><input id="cvv" name="cvv" value="100">
<button type="submit">Pay</button></form>
<form method="post" action="/page/${html(hpp.id)}/cancel"><button type="submit">Cancel</button></form>
<p><small>Test cards: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined;
4000 0000 0000 0341 is approved but its capture is declined.</small></p>`;
    return c.html(sandboxPage('Checkout.com — Pay', body));
  });

  app.post('/page/:id/:action{pay|cancel}', async (c) => {
    const hpp = state.hpps[c.req.param('id')];
    if (!hpp)
      return c.html(sandboxPage('Checkout.com', '<h1>This payment link is not valid</h1>'), 404);
    const existing = hpp.paymentId ? state.payments[hpp.paymentId] : undefined;
    // Paying twice (back button, double submit) lands where the first payment did.
    if (existing) return c.redirect(resultUrl(hpp, existing), 303);
    if (c.req.param('action') === 'cancel') return c.redirect(hpp.cancelUrl, 303);
    const form = await c.req.parseBody();
    const card = String(form.card_number ?? '').replace(/\D/g, '');
    const authorised =
      card === CHECKOUT_TEST_CARDS.approved ||
      card === CHECKOUT_TEST_CARDS.captureDeclined ||
      card === CHECKOUT_TEST_CARDS.approvedSameCard;
    const result = authorised ? APPROVED : DECLINED;
    const payment: SandboxPayment = {
      id: sandboxId('pay_', 26, true),
      hppId: hpp.id,
      amount: hpp.amount,
      currency: hpp.currency,
      reference: hpp.reference,
      description: hpp.description,
      status: authorised ? 'Authorized' : 'Declined',
      last4: card.slice(-4).padStart(4, '0'),
      bin: card.slice(0, 6).padEnd(6, '0'),
      fingerprint:
        card === CHECKOUT_TEST_CARDS.approved
          ? randomUUID().replace(/-/g, '')
          : createHash('sha256').update(card).digest('hex').slice(0, 32),
      captureDeclines: card === CHECKOUT_TEST_CARDS.captureDeclined,
      metadata: hpp.metadata,
      actions: [],
      requestedOn: now(),
    };
    const action: Action = {
      id: actionId(),
      type: 'Authorization',
      amount: hpp.amount,
      approved: authorised,
      responseCode: result.code,
      responseSummary: result.summary,
      processedOn: now(),
    };
    payment.actions.push(action);
    state.payments[payment.id] = payment;
    hpp.paymentId = payment.id;
    emit(authorised ? 'payment_approved' : 'payment_declined', payment, action);
    store.save();
    return c.redirect(resultUrl(hpp, payment), 303);
  });

  // The issuer's side of a chargeback, for tests and demos: the shop hears it the way
  // Checkout.com tells it, a signed payment_chargeback event about the payment.
  app.post('/sandbox/payments/:id/chargeback', (c) => {
    const p = state.payments[c.req.param('id')];
    if (!p) return c.body(null, 404);
    const captured = sum(p, 'Capture') - sum(p, 'Refund');
    if (captured <= 0 || p.chargedBack) return c.body(null, 403);
    p.chargedBack = true;
    emit('payment_chargeback', p, {
      id: actionId(),
      type: 'Capture',
      amount: captured,
      approved: true,
      responseCode: APPROVED.code,
      responseSummary: 'Chargeback',
      processedOn: now(),
    });
    store.save();
    return c.json(paymentView(p), 202);
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
