import { Hono, type Context } from 'hono';
import { decimalToMinor, minorToDecimal } from '../../integrations/payments/amounts.ts';
import { readJsonObject, sandboxId } from '../kit.ts';
import type { PaypalModel, SandboxPayoutBatch, SandboxPayoutItem } from './state.ts';

/**
 * PayPal Payouts (`/v1/payments/payouts`), the subset the marketplace calls: create a batch
 * (`sender_batch_header.sender_batch_id` unique: a reuse answers 400 `USER_BUSINESS_ERROR`
 * linking the original batch, as PayPal does) and read it. The sandbox settles a batch at once:
 * its items are SUCCESS, except a receiver whose email contains `fail` (FAILED,
 * RECEIVER_UNREGISTERED) or `unclaimed` (UNCLAIMED); the batch and item webhooks
 * (`PAYMENT.PAYOUTSBATCH.SUCCESS`, `PAYMENT.PAYOUTS-ITEM.SUCCEEDED|FAILED|UNCLAIMED`) follow.
 * The POST answers the batch PENDING, as PayPal's asynchronous mode does; a GET shows the result.
 */
export function paypalPayoutsApi(model: PaypalModel): Hono {
  const { store, state, now, emit } = model;
  const app = new Hono();
  const batches = () => (state.payouts ??= {});
  const self = (c: Context, id: string) => `${new URL(c.req.url).origin}/v1/payments/payouts/${id}`;

  const amountOf = (b: SandboxPayoutBatch) => {
    const code = b.items[0]?.amount.currency_code ?? 'USD';
    const total = b.items.reduce((s, i) => s + decimalToMinor(i.amount.value, code), 0);
    return { currency: code, value: minorToDecimal(total, code) };
  };
  const itemView = (c: Context, b: SandboxPayoutBatch, i: SandboxPayoutItem) => ({
    payout_item_id: i.payout_item_id,
    transaction_id: i.transaction_status === 'SUCCESS' ? `T${i.payout_item_id}` : undefined,
    transaction_status: i.transaction_status,
    payout_batch_id: b.id,
    payout_item: {
      recipient_type: 'EMAIL',
      amount: { currency: i.amount.currency_code, value: i.amount.value },
      receiver: i.receiver,
      sender_item_id: i.sender_item_id,
      note: i.note,
    },
    time_processed: b.createTime,
    ...(i.error ? { errors: i.error } : {}),
    links: [{ href: `${self(c, b.id)}`, rel: 'up', method: 'GET' }],
  });
  const header = (b: SandboxPayoutBatch, status: string) => ({
    payout_batch_id: b.id,
    batch_status: status,
    time_created: b.createTime,
    sender_batch_header: { sender_batch_id: b.senderBatchId, email_subject: b.emailSubject },
  });

  const invalid = (c: Context, field: string, issue: string) =>
    c.json(
      {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: sandboxId('', 13).toLowerCase(),
        details: [{ field, location: 'body', issue }],
      },
      400,
    );

  app.post('/v1/payments/payouts', async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalid(c, '/', 'MALFORMED_REQUEST_JSON');
    const head = (body.sender_batch_header ?? {}) as Record<string, unknown>;
    const senderBatchId = typeof head.sender_batch_id === 'string' ? head.sender_batch_id : '';
    if (!senderBatchId) return invalid(c, 'sender_batch_header.sender_batch_id', 'REQUIRED');
    const taken = Object.values(batches()).find((b) => b.senderBatchId === senderBatchId);
    if (taken) {
      return c.json(
        {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          debug_id: sandboxId('', 13).toLowerCase(),
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: `Batch with given sender_batch_id already exists: ${senderBatchId}`,
            },
          ],
          links: [{ href: self(c, taken.id), rel: 'self', method: 'GET' }],
        },
        400,
      );
    }
    const rawItems = Array.isArray(body.items) ? body.items : [];
    if (!rawItems.length) return invalid(c, 'items', 'REQUIRED');
    const items: SandboxPayoutItem[] = [];
    for (const [n, raw] of rawItems.entries()) {
      const item = (raw ?? {}) as Record<string, unknown>;
      const amount = (item.amount ?? {}) as Record<string, unknown>;
      const receiver = typeof item.receiver === 'string' ? item.receiver : '';
      const code = typeof amount.currency === 'string' ? amount.currency : '';
      const value = typeof amount.value === 'string' ? amount.value : '';
      let cents: number;
      try {
        cents = decimalToMinor(value, code);
      } catch {
        cents = 0;
      }
      if (!/^[A-Z]{3}$/.test(code) || cents <= 0)
        return invalid(c, `items[${n}].amount`, 'INVALID');
      if (!receiver.includes('@')) return invalid(c, `items[${n}].receiver`, 'INVALID');
      const failing = /fail/i.test(receiver);
      const unclaimed = /unclaimed/i.test(receiver);
      items.push({
        payout_item_id: sandboxId('', 13),
        transaction_status: failing ? 'FAILED' : unclaimed ? 'UNCLAIMED' : 'SUCCESS',
        amount: { currency_code: code, value },
        receiver,
        ...(typeof item.sender_item_id === 'string' ? { sender_item_id: item.sender_item_id } : {}),
        ...(typeof item.note === 'string' ? { note: item.note } : {}),
        ...(failing
          ? { error: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' } }
          : {}),
      });
    }
    const batch: SandboxPayoutBatch = {
      id: sandboxId('', 13),
      senderBatchId,
      ...(typeof head.email_subject === 'string' ? { emailSubject: head.email_subject } : {}),
      items,
      createTime: now(),
    };
    batches()[batch.id] = batch;
    emit(
      'PAYMENT.PAYOUTSBATCH.SUCCESS',
      'payouts',
      { batch_header: { ...header(batch, 'SUCCESS'), amount: amountOf(batch) } },
      'Payouts batch completed successfully.',
    );
    for (const item of items) {
      const event =
        item.transaction_status === 'SUCCESS'
          ? 'SUCCEEDED'
          : item.transaction_status === 'FAILED'
            ? 'FAILED'
            : 'UNCLAIMED';
      emit(
        `PAYMENT.PAYOUTS-ITEM.${event}`,
        'payouts_item',
        itemView(c, batch, item),
        `Payouts item ${event.toLowerCase()}`,
      );
    }
    store.save();
    return c.json(
      {
        batch_header: header(batch, 'PENDING'),
        links: [{ href: self(c, batch.id), rel: 'self', method: 'GET' }],
      },
      201,
    );
  });

  app.get('/v1/payments/payouts/:id', (c) => {
    const batch = batches()[c.req.param('id')];
    if (!batch) {
      return c.json(
        {
          name: 'INVALID_RESOURCE_ID',
          message: 'The requested resource ID was not found',
          debug_id: sandboxId('', 13).toLowerCase(),
        },
        404,
      );
    }
    return c.json({
      batch_header: {
        ...header(batch, 'SUCCESS'),
        amount: amountOf(batch),
        time_completed: batch.createTime,
      },
      items: batch.items.map((i) => itemView(c, batch, i)),
      links: [{ href: self(c, batch.id), rel: 'self', method: 'GET' }],
    });
  });

  return app;
}
