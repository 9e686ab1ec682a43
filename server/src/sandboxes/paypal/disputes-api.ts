import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { decideDispute } from '../dispute-rules.ts';
import { readJsonObject } from '../kit.ts';
import type { Money, PaypalModel, PaypalState } from './state.ts';

/**
 * PayPal's Disputes API v1 (`/v1/customer/disputes`), the subset the marketplace calls: show a
 * dispute and provide evidence. `provide-evidence` takes what PayPal's takes — multipart/form-data
 * with an `input` part holding the JSON (`{ evidences: [{ evidence_type, notes, documents }] }`)
 * and optional `evidence-file` parts (JPG, GIF, PNG or PDF, each under 10 MB, else 400
 * `INVALID_EVIDENCE_FILE`; an evidence's `documents: [{ name }]` names one of them) — and,
 * leniently, the same JSON as the whole body. Each file's name, size and type is kept (not its
 * bytes) and shown in the evidences' `documents` of the dispute view. The sandbox
 * then reviews at once (`../dispute-rules.ts`): the dispute is RESOLVED in the seller's or the
 * buyer's favour and `CUSTOMER.DISPUTE.RESOLVED` follows.
 *
 * Test control (PayPal's side of a card chargeback): `POST /sandbox/captures/:id/dispute` with
 * an optional `{ "reason": "MERCHANDISE_OR_SERVICE_NOT_RECEIVED" }` opens a dispute at the
 * CHARGEBACK stage on a completed capture: the capture is reversed (`PAYMENT.CAPTURE.REVERSED`,
 * the money is gone while the dispute runs) and `CUSTOMER.DISPUTE.CREATED` is sent, the seller's
 * answer due in 10 days (`seller_response_due_date`). `POST /sandbox/disputes/:id/expire` lets
 * that date pass: a dispute still waiting for the seller is lost.
 */

export type SandboxDispute = {
  id: string;
  captureId: string;
  reason: string;
  status: 'WAITING_FOR_SELLER_RESPONSE' | 'UNDER_REVIEW' | 'RESOLVED';
  amount: Money;
  dueDate: string;
  evidences: Array<Record<string, unknown>>;
  /** The files sent with the evidence (`evidence-file` parts), as uploaded. */
  documents: SandboxDocument[];
  outcome: 'RESOLVED_SELLER_FAVOUR' | 'RESOLVED_BUYER_FAVOUR' | null;
  /** The reviewer's reason, posted as the dispute's last message. */
  decision: string | null;
  createTime: string;
  updateTime: string;
};

/** An evidence file PayPal keeps: its name, size and type (the bytes are not kept). */
export type SandboxDocument = { name: string; size: number; contentType: string };

/** PayPal's rules for evidence files: JPG, GIF, PNG or PDF, under 10 MB each. */
const FILE_TYPES = new Set(['image/jpeg', 'image/gif', 'image/png', 'application/pdf']);
const FILE_LIMIT = 10 * 1024 * 1024;

const REASONS = new Set([
  'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
  'UNAUTHORISED',
  'CREDIT_NOT_PROCESSED',
  'DUPLICATE_TRANSACTION',
  'INCORRECT_AMOUNT',
  'PAYMENT_BY_OTHER_MEANS',
  'CANCELED_RECURRING_BILLING',
  'PROBLEM_WITH_REMITTANCE',
  'OTHER',
]);

const EVIDENCE_TYPES = new Set([
  'PROOF_OF_FULFILLMENT',
  'PROOF_OF_REFUND',
  'PROOF_OF_DELIVERY_SIGNATURE',
  'PROOF_OF_RECEIPT_COPY',
  'RETURN_POLICY',
  'BILLING_AGREEMENT',
  'ITEM_DESCRIPTION',
  'DETAILS_OF_PURCHASE',
  'AFFIDAVIT',
  'OTHER',
]);

const RESPONSE_DAYS = 10;

export function paypalDisputesApi(model: PaypalModel): Hono {
  const { store, now, emit, captureView } = model;
  const state = model.state as PaypalState & { disputes?: Record<string, SandboxDispute> };
  const disputes = () => (state.disputes ??= {});
  const app = new Hono();
  const origin = (c: Context) => new URL(c.req.url).origin;

  const error = (c: Context, status: 400 | 404 | 422, name: string, issue: string, text: string) =>
    c.json(
      {
        name,
        message: text,
        debug_id: randomBytes(7).toString('hex'),
        details: [{ issue, description: text }],
        links: [],
      },
      status,
    );

  const view = (base: string, d: SandboxDispute) => {
    const capture = state.captures[d.captureId]!;
    const order = state.orders[capture.orderId]!;
    const self = `${base}/v1/customer/disputes/${d.id}`;
    return {
      dispute_id: d.id,
      create_time: d.createTime,
      update_time: d.updateTime,
      disputed_transactions: [
        {
          seller_transaction_id: capture.id,
          create_time: capture.createTime,
          transaction_status: capture.reversed ? 'REVERSED' : 'COMPLETED',
          gross_amount: capture.amount,
          invoice_number: order.unit.invoice_id,
          custom: order.unit.custom_id,
          seller: { merchant_id: 'SANDBOXMERCHANT' },
        },
      ],
      reason: d.reason,
      status: d.status,
      dispute_amount: d.amount,
      dispute_life_cycle_stage: 'CHARGEBACK',
      dispute_channel: 'EXTERNAL',
      seller_response_due_date: d.dueDate,
      evidences: d.evidences.map((e) => ({
        ...e,
        source: 'SUBMITTED_BY_SELLER',
        // The files each evidence names, with what the sandbox kept of them (sandbox_: not PayPal's).
        ...(Array.isArray(e.documents) && {
          documents: e.documents.map((doc) => {
            const name = String((doc as { name?: unknown }).name);
            const file = d.documents.find((f) => f.name === name);
            return {
              name,
              ...(file && { sandbox_size: file.size, sandbox_content_type: file.contentType }),
            };
          }),
        }),
      })),
      ...(d.outcome
        ? {
            dispute_outcome: {
              outcome_code: d.outcome,
              ...(d.outcome === 'RESOLVED_BUYER_FAVOUR' ? { amount_refunded: d.amount } : {}),
            },
          }
        : {}),
      messages: d.decision
        ? [{ posted_by: 'ARBITER', time_posted: d.updateTime, content: d.decision }]
        : [],
      links: [
        { href: self, rel: 'self', method: 'GET' },
        ...(d.status === 'WAITING_FOR_SELLER_RESPONSE'
          ? [{ href: `${self}/provide-evidence`, rel: 'provide_evidence', method: 'POST' }]
          : []),
      ],
    };
  };

  const resolve = (base: string, d: SandboxDispute, won: boolean, why: string) => {
    Object.assign(d, {
      status: 'RESOLVED',
      outcome: won ? 'RESOLVED_SELLER_FAVOUR' : 'RESOLVED_BUYER_FAVOUR',
      decision: why,
      updateTime: now(),
    });
    emit(
      'CUSTOMER.DISPUTE.RESOLVED',
      'dispute',
      view(base, d),
      `Dispute ${d.id} resolved in the ${won ? 'seller' : 'buyer'}'s favour`,
    );
  };

  app.get('/v1/customer/disputes/:id', (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) {
      return error(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Dispute not found.');
    }
    return c.json(view(origin(c), d));
  });

  /** The `input` JSON of a provide-evidence call, multipart or plain JSON; null when unreadable. */
  async function readInput(c: Context) {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data'))
      return { input: await readJsonObject(c), files: [] };
    let form: Record<string, string | File | Array<string | File>>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return { input: null, files: [] };
    }
    const part = Array.isArray(form.input) ? form.input[0] : form.input;
    const text = part instanceof File ? await part.text() : part;
    let input: Record<string, unknown> | null = null;
    try {
      const parsed = text ? (JSON.parse(text) as unknown) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        input = parsed as Record<string, unknown>;
      }
    } catch {
      input = null;
    }
    const files = Object.entries(form)
      .filter(([name]) => name !== 'input')
      .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is File => v instanceof File)
      .map((f) => ({ name: f.name, size: f.size, contentType: f.type.split(';')[0]!.trim() }));
    return { input, files };
  }

  app.post('/v1/customer/disputes/:id/provide-evidence', async (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) {
      return error(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Dispute not found.');
    }
    const { input, files } = await readInput(c);
    const evidences = Array.isArray(input?.evidences) ? input.evidences : null;
    const valid =
      evidences?.length &&
      evidences.every(
        (e) =>
          e &&
          typeof e === 'object' &&
          EVIDENCE_TYPES.has(String((e as Record<string, unknown>).evidence_type)) &&
          ((e as Record<string, unknown>).notes === undefined ||
            (typeof (e as Record<string, unknown>).notes === 'string' &&
              ((e as Record<string, unknown>).notes as string).length <= 2000)),
      );
    if (!valid) {
      return error(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        'evidences: each needs a known evidence_type and notes of at most 2000 characters.',
      );
    }
    const badFile = files.find((f) => !FILE_TYPES.has(f.contentType) || f.size >= FILE_LIMIT);
    if (badFile) {
      return error(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_EVIDENCE_FILE',
        `${badFile.name}: evidence files are JPG, GIF, PNG or PDF, each smaller than 10 MB.`,
      );
    }
    const named = (evidences as Array<Record<string, unknown>>).flatMap((e) =>
      Array.isArray(e.documents) ? e.documents : [],
    );
    const unsent = named.find(
      (doc) => !files.some((f) => f.name === (doc as { name?: unknown } | null)?.name),
    );
    if (unsent !== undefined) {
      return error(
        c,
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        'evidences.documents: each names an evidence-file part of the request.',
      );
    }
    if (d.status !== 'WAITING_FOR_SELLER_RESPONSE') {
      return error(
        c,
        422,
        'UNPROCESSABLE_ENTITY',
        'NOT_ELIGIBLE_FOR_EVIDENCE',
        `The dispute is ${d.status}: evidence is no longer taken.`,
      );
    }
    const time = now();
    Object.assign(d, {
      status: 'UNDER_REVIEW',
      evidences: (evidences as Array<Record<string, unknown>>).map((e) => ({ ...e, date: time })),
      documents: files,
      updateTime: time,
    });
    const decision = decideDispute({
      provider: 'paypal',
      reason: d.reason,
      openedAt: d.createTime,
      texts: d.evidences.map((e) => (typeof e.notes === 'string' ? e.notes : '')),
    });
    resolve(origin(c), d, decision.won, decision.why);
    await store.saveSoon();
    const self = `${origin(c)}/v1/customer/disputes/${d.id}`;
    return c.json({ links: [{ href: self, rel: 'self', method: 'GET' }] });
  });

  // Test control: the buyer's bank charges the capture back and PayPal opens the dispute.
  app.post('/sandbox/captures/:id/dispute', async (c) => {
    const capture = state.captures[c.req.param('id')];
    if (!capture) return c.json({ error: 'unknown capture' }, 404);
    const body = (await readJsonObject(c)) ?? {};
    const reason =
      typeof body.reason === 'string' ? body.reason : 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED';
    if (!REASONS.has(reason)) return c.json({ error: 'unknown reason' }, 400);
    if (capture.reversed || capture.status !== 'COMPLETED') {
      return c.json({ error: 'only a completed capture, never refunded, can be disputed' }, 422);
    }
    const time = now();
    const d: SandboxDispute = {
      id: `PP-D-${Date.now().toString().slice(-8)}${randomBytes(2).toString('hex').toUpperCase()}`,
      captureId: capture.id,
      reason,
      status: 'WAITING_FOR_SELLER_RESPONSE',
      amount: capture.amount,
      dueDate: new Date(Date.now() + RESPONSE_DAYS * 86_400_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      evidences: [],
      documents: [],
      outcome: null,
      decision: null,
      createTime: time,
      updateTime: time,
    };
    disputes()[d.id] = d;
    Object.assign(capture, { reversed: true, status: 'REFUNDED', updateTime: time });
    emit(
      'PAYMENT.CAPTURE.REVERSED',
      'capture',
      captureView(capture),
      `A ${capture.amount.currency_code} ${capture.amount.value} capture payment was reversed`,
    );
    emit('CUSTOMER.DISPUTE.CREATED', 'dispute', view(origin(c), d), `A new dispute opened`);
    await store.saveSoon();
    return c.json(view(origin(c), d), 201);
  });

  // Test control: the seller's response date passes with no evidence.
  app.post('/sandbox/disputes/:id/expire', async (c) => {
    const d = disputes()[c.req.param('id')];
    if (!d) return c.json({ error: 'unknown dispute' }, 404);
    if (d.status !== 'WAITING_FOR_SELLER_RESPONSE') {
      return c.json({ error: `the dispute is ${d.status}` }, 422);
    }
    resolve(origin(c), d, false, 'The seller did not respond by the due date');
    await store.saveSoon();
    return c.json(view(origin(c), d));
  });

  return app;
}
