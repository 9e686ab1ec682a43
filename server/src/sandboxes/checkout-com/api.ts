import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { readJsonObject, sandboxId } from '../kit.ts';
import {
  APPROVED,
  CHECKOUT_SANDBOX_CREDENTIALS,
  DECLINED,
  type Action,
  type CheckoutModel,
  type HostedPayment,
} from './state.ts';

/** Checkout.com's API (the paths the real client calls) and the sandbox's test control. */
export function checkoutApi(model: CheckoutModel): Hono {
  const { store, state, now, actionId, sum, paymentView, hppView, emit } = model;
  const unprocessable = (c: Context, codes: string[]) =>
    c.json({ request_id: randomUUID(), error_type: 'request_invalid', error_codes: codes }, 422);

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
    const body = await readJsonObject(c);
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
      billingCountry: country as string,
      paymentId: null,
      createdOn: now(),
    };
    state.hpps[hpp.id] = hpp;
    await store.saveSoon();
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
    const body = (await readJsonObject(c)) ?? {};
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
      _links: { payment: { href: `${model.base()}/payments/${p.id}` } },
    };
    if (requestKey) state.requests[requestKey] = { status: 202, body: answer };
    await store.saveSoon();
    return c.json(answer, 202);
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

  return app;
}
