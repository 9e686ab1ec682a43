import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { decideDispute } from '../dispute-rules.ts';
import { readJsonObject, sandboxId } from '../kit.ts';
import { filesOf } from './files-api.ts';
import { APPROVED, type CheckoutModel, type CheckoutState } from './state.ts';

/**
 * Checkout.com's Disputes API, the subset the marketplace calls: `GET /disputes/{id}`,
 * `PUT /disputes/{id}/evidence` (the evidence fields, JSON; may be repeated until submitted; a
 * `*_file` field names a file uploaded for dispute evidence, `files-api.ts`),
 * `GET /disputes/{id}/evidence`, and `POST /disputes/{id}/evidence` which submits it (204). The
 * sandbox then reviews at once (`../dispute-rules.ts`, on the `*_text` fields): the dispute is
 * `won` or `lost` and the signed `dispute_evidence_submitted` then `dispute_won` /
 * `dispute_lost` webhooks follow.
 *
 * Test control (the issuer's side): `POST /sandbox/payments/:id/dispute` with an optional
 * `{ "category": "fraudulent" }` opens a dispute on a captured payment: the money is debited
 * (`payment_chargeback`) and `dispute_received` is sent, evidence due in 7 days
 * (`evidence_required_by`). `POST /sandbox/disputes/:id/expire` lets that date pass: a dispute
 * still waiting for evidence is lost (`dispute_expired`).
 */

export type CkoDispute = {
  id: string;
  paymentId: string;
  actionId: string;
  category: string;
  reasonCode: string;
  status: 'evidence_required' | 'evidence_under_review' | 'won' | 'lost' | 'expired';
  amount: number;
  currency: string;
  evidence: Record<string, string>;
  evidenceRequiredBy: string;
  receivedOn: string;
  lastUpdate: string;
  /** The reviewer's reason (sandbox only). */
  decision: string | null;
};

/** Categories and a Visa reason code for each, as Checkout.com reports them. */
const CATEGORIES: Record<string, string> = {
  fraudulent: '10.4',
  unrecognized: '10.4',
  product_service_not_received: '13.1',
  not_as_described: '13.3',
  credit_not_issued: '13.6',
  duplicate: '12.6.1',
  incorrect_amount: '12.5',
  general: '13.7',
};

/** The evidence fields Checkout.com takes (each `_file` an uploaded file id, each `_text` ≤ 500). */
const FIELDS = [
  'proof_of_delivery_or_service',
  'invoice_or_receipt',
  'invoice_showing_distinct_transactions',
  'customer_communication',
  'refund_or_cancellation_policy',
  'recurring_transaction_agreement',
  'additional_evidence',
  'proof_of_delivery_or_service_date',
] as const;
const TEXT_LIMIT = 500;
const RESPONSE_DAYS = 7;

export function checkoutDisputesApi(model: CheckoutModel): Hono {
  const { store, now, paymentView, emit, emitEvent, sum } = model;
  const state = model.state as CheckoutState & { disputes?: Record<string, CkoDispute> };
  const disputes = () => (state.disputes ??= {});
  const app = new Hono();

  const view = (d: CkoDispute) => ({
    id: d.id,
    category: d.category,
    status: d.status,
    amount: d.amount,
    currency: d.currency,
    reason_code: d.reasonCode,
    payment: {
      id: d.paymentId,
      action_id: d.actionId,
      amount: d.amount,
      currency: d.currency,
      method: 'Visa',
      processed_on: d.receivedOn,
    },
    relevant_evidence: [
      'proof_of_delivery_or_service',
      'invoice_or_receipt',
      'customer_communication',
      'refund_or_cancellation_policy',
      'additional_evidence',
    ],
    evidence_required_by: d.evidenceRequiredBy,
    received_on: d.receivedOn,
    last_update: d.lastUpdate,
    ...(d.decision ? { sandbox_decision: d.decision } : {}),
    _links: {
      self: { href: `${model.base()}/disputes/${d.id}` },
      evidence: { href: `${model.base()}/disputes/${d.id}/evidence` },
      payment: { href: `${model.base()}/payments/${d.paymentId}` },
    },
  });

  /** Queues a signed dispute event, as Checkout.com's webhooks shape it. */
  const emitDispute = (type: string, d: CkoDispute) =>
    emitEvent(
      type,
      {
        id: d.id,
        category: d.category,
        status: d.status,
        amount: d.amount,
        currency: d.currency,
        reason_code: d.reasonCode,
        payment_id: d.paymentId,
        payment_action_id: d.actionId,
        payment_reference: state.payments[d.paymentId]!.reference,
        evidence_required_by: d.evidenceRequiredBy,
        received_on: d.receivedOn,
        last_update: d.lastUpdate,
      },
      { self: { href: `${model.base()}/disputes/${d.id}` } },
    );

  const unprocessable = (c: Context, codes: string[]) =>
    c.json({ request_id: randomUUID(), error_type: 'request_invalid', error_codes: codes }, 422);

  app.get('/disputes/:id', (c) => {
    const d = disputes()[c.req.param('id')];
    return d ? c.json(view(d)) : c.body(null, 404);
  });

  app.get('/disputes/:id/evidence', (c) => {
    const d = disputes()[c.req.param('id')];
    return d ? c.json(d.evidence) : c.body(null, 404);
  });

  app.put('/disputes/:id/evidence', async (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) return c.body(null, 404);
    const body = await readJsonObject(c);
    if (!body) return unprocessable(c, ['request_body_malformed']);
    const codes: string[] = [];
    const known = new Set(FIELDS.flatMap((f) => [`${f}_text`, `${f}_file`]));
    for (const [field, value] of Object.entries(body)) {
      if (!known.has(field)) codes.push(`${field}_unknown`);
      else if (typeof value !== 'string') codes.push(`${field}_invalid`);
      else if (field.endsWith('_text') && value.length > TEXT_LIMIT)
        codes.push(`${field}_too_long`);
      // A file is named by the id `POST /files` gave it for dispute evidence.
      else if (field.endsWith('_file') && filesOf(model)[value]?.purpose !== 'dispute_evidence')
        codes.push(`${field}_not_found`);
    }
    if (codes.length) return unprocessable(c, codes);
    if (d.status !== 'evidence_required') return c.body(null, 403);
    Object.assign(d.evidence, body);
    d.lastUpdate = now();
    await store.saveSoon();
    return c.body(null, 204);
  });

  app.post('/disputes/:id/evidence', async (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) return c.body(null, 404);
    if (d.status !== 'evidence_required') return c.body(null, 403);
    if (!Object.keys(d.evidence).length) return unprocessable(c, ['evidence_required']);
    d.status = 'evidence_under_review';
    d.lastUpdate = now();
    emitDispute('dispute_evidence_submitted', d);
    const decision = decideDispute({
      provider: 'checkout',
      reason: d.category,
      openedAt: d.receivedOn,
      texts: Object.entries(d.evidence)
        .filter(([k]) => k.endsWith('_text'))
        .map(([, v]) => v),
    });
    Object.assign(d, { status: decision.won ? 'won' : 'lost', decision: decision.why });
    emitDispute(decision.won ? 'dispute_won' : 'dispute_lost', d);
    await store.saveSoon();
    return c.body(null, 204);
  });

  // Test control: the issuer charges the payment back and Checkout.com opens the dispute.
  app.post('/sandbox/payments/:id/dispute', async (c) => {
    const p = state.payments[c.req.param('id')];
    if (!p) return c.body(null, 404);
    const body = (await readJsonObject(c)) ?? {};
    const category = typeof body.category === 'string' ? body.category : 'fraudulent';
    if (!CATEGORIES[category]) return unprocessable(c, ['category_invalid']);
    const captured = sum(p, 'Capture') - sum(p, 'Refund');
    if (captured <= 0 || p.chargedBack) return c.body(null, 403);
    p.chargedBack = true;
    const time = now();
    const action = {
      id: model.actionId(),
      type: 'Capture' as const,
      amount: captured,
      approved: true,
      responseCode: APPROVED.code,
      responseSummary: 'Chargeback',
      processedOn: time,
    };
    emit('payment_chargeback', p, action);
    const d: CkoDispute = {
      id: sandboxId('dsp_', 22, true),
      paymentId: p.id,
      actionId: action.id,
      category,
      reasonCode: CATEGORIES[category]!,
      status: 'evidence_required',
      amount: captured,
      currency: p.currency,
      evidence: {},
      evidenceRequiredBy: new Date(Date.now() + RESPONSE_DAYS * 86_400_000).toISOString(),
      receivedOn: time,
      lastUpdate: time,
      decision: null,
    };
    disputes()[d.id] = d;
    emitDispute('dispute_received', d);
    await store.saveSoon();
    return c.json({ ...view(d), payment_view: paymentView(p) }, 201);
  });

  // Test control: the evidence due date passes with nothing submitted.
  app.post('/sandbox/disputes/:id/expire', async (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) return c.body(null, 404);
    if (d.status !== 'evidence_required') return c.body(null, 403);
    Object.assign(d, {
      status: 'expired',
      lastUpdate: now(),
      decision: 'No evidence was submitted by the due date',
    });
    emitDispute('dispute_expired', d);
    await store.saveSoon();
    return c.json(view(d));
  });

  return app;
}
