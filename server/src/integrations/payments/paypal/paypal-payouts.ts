import type { Currency } from '@market/shared';
import { minorToDecimal, providerCurrency } from '../amounts.ts';
import { PaymentError } from '../payment-provider.ts';
import { asArray, asObject, asString } from '../provider-http.ts';
import type { PaypalApi } from './paypal-client.ts';

/** A payout batch as PayPal reports it: its status and its (single) item's. */
export type PayoutBatchState = {
  batchId: string;
  /** DENIED, PENDING, PROCESSING, SUCCESS, CANCELED. */
  batchStatus: string;
  /** SUCCESS, FAILED, PENDING, UNCLAIMED, RETURNED, ONHOLD, BLOCKED, REFUNDED, REVERSED; null: none yet. */
  itemStatus: string | null;
  /** The item's error, when it failed. */
  failure: string | null;
};

/**
 * PayPal Payouts (`/v1/payments/payouts`) over the payments client's authenticated API: one
 * batch per payout, with the payout's id as `sender_batch_id` (and `PayPal-Request-Id`), so a
 * retry after a crash or a timeout never pays twice: PayPal refuses a sender_batch_id used in the
 * last 30 days, linking the original batch, which this client then answers as the result.
 */
export function createPaypalPayouts(api: PaypalApi) {
  const toState = (body: unknown): PayoutBatchState => {
    const header = asObject(asObject(body).batch_header);
    const item = asObject(asArray(asObject(body).items)[0]);
    const error = asObject(item.errors);
    return {
      batchId: asString(header.payout_batch_id) ?? '',
      batchStatus: asString(header.batch_status) ?? 'PENDING',
      itemStatus: asString(item.transaction_status),
      failure: asString(error.message) ?? asString(error.name),
    };
  };
  const refused = (status: number, body: unknown): never => {
    const b = asObject(body);
    const issue = asString(asObject(asArray(b.details)[0]).issue) ?? asString(b.name);
    throw new PaymentError(
      'paypal',
      status === 404
        ? 'NOT_FOUND'
        : status === 422 || status === 400
          ? 'INVALID_REQUEST'
          : 'DECLINED',
      `PayPal refused the payout: ${issue ?? status}`,
      { httpStatus: status, providerCode: issue, debugId: asString(b.debug_id) },
    );
  };

  async function get(batchId: string): Promise<PayoutBatchState> {
    const res = await api('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
    if (res.status !== 200) refused(res.status, res.body);
    return toState(res.body);
  }

  return {
    get,
    /** Sends one payout to `receiver`'s PayPal account; the same `payoutId` never pays twice. */
    async send(input: {
      payoutId: string;
      receiver: string;
      amountCents: number;
      currency: Currency;
      note: string;
    }): Promise<PayoutBatchState> {
      const code = providerCurrency(input.currency);
      const res = await api('POST', '/v1/payments/payouts', {
        requestId: input.payoutId,
        body: {
          sender_batch_header: {
            sender_batch_id: input.payoutId,
            recipient_type: 'EMAIL',
            email_subject: 'You have a payout',
          },
          items: [
            {
              recipient_type: 'EMAIL',
              amount: { value: minorToDecimal(input.amountCents, code), currency: code },
              receiver: input.receiver,
              sender_item_id: input.payoutId,
              note: input.note,
            },
          ],
        },
      });
      if (res.status === 201 || res.status === 200) return toState(res.body);
      // Sent before (a crash after PayPal took it): the error links the original batch.
      const link = asArray(asObject(res.body).links)
        .map((l) => asString(asObject(l).href) ?? '')
        .map((href) => /\/v1\/payments\/payouts\/([^/?]+)/.exec(href)?.[1])
        .find(Boolean);
      if (res.status === 400 && link) return get(link);
      return refused(res.status, res.body);
    },
  };
}
export type PaypalPayouts = ReturnType<typeof createPaypalPayouts>;
