import type { Logger } from '../../../logger.ts';
import { decimalToMinor, shopCurrency } from '../amounts.ts';
import { fitText, formData, type DisputeEvidenceText, type ProviderDispute } from '../disputes.ts';
import { PaymentError } from '../payment-provider.ts';
import { asArray, asObject, asString, type Json, type ProviderAnswer } from '../provider-http.ts';

/** The authenticated call of `paypal-client.ts` (structurally: that file imports this one). */
type PaypalCall = (
  method: 'GET' | 'POST',
  path: string,
  opts?: { raw?: { body: string | Uint8Array; contentType: string } },
) => Promise<ProviderAnswer>;

/** PayPal's limit on an evidence's `notes`. */
const NOTES_LIMIT = 2000;

const STATUS: Record<string, ProviderDispute['status']> = {
  WAITING_FOR_SELLER_RESPONSE: 'needs_response',
  UNDER_REVIEW: 'under_review',
};

/**
 * PayPal's Disputes API v1 over the payments client's authenticated API: show a dispute
 * (`GET /v1/customer/disputes/{id}`) and provide evidence
 * (`POST /v1/customer/disputes/{id}/provide-evidence`, multipart/form-data whose `input` part is
 * the JSON, as PayPal requires even without files). Our evidence goes as two evidences:
 * `PROOF_OF_FULFILLMENT` (delivery, reveals and the withdrawal waiver) and `OTHER` (the account
 * and the mails), each in its `notes`; the order's invoice PDF, when it has one, is an
 * `evidence-file` part that the proof of fulfilment names in its `documents` (PDF, under PayPal's
 * 10 MB per file).
 */
export function createPaypalDisputes(api: PaypalCall, log?: Logger) {
  const refused = (res: ProviderAnswer, what: string): never => {
    const b = asObject(res.body);
    const issue = asString(asObject(asArray(b.details)[0]).issue) ?? asString(b.name);
    const debugId = res.headers.get('paypal-debug-id') ?? asString(b.debug_id);
    log?.warn({ status: res.status, issue, debugId }, 'PayPal refused a dispute call');
    throw new PaymentError(
      'paypal',
      res.status === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST',
      `${what}: ${issue ?? res.status}`,
      {
        httpStatus: res.status,
        // A dispute past WAITING_FOR_SELLER_RESPONSE takes no evidence: one code for both clients.
        providerCode: res.status === 422 ? 'NOT_ELIGIBLE' : issue,
        debugId,
      },
    );
  };

  function toDispute(d: Json): ProviderDispute {
    const disputed = asObject(asArray(d.disputed_transactions)[0]);
    const money = asObject(d.dispute_amount);
    const code = asString(money.currency_code);
    const value = asString(money.value);
    const outcome = asObject(d.dispute_outcome);
    const outcomeCode = asString(outcome.outcome_code);
    const messages = asArray(d.messages).map((m) => asString(asObject(m).content) ?? '');
    const status = asString(d.status) ?? '';
    const due = asString(d.seller_response_due_date);
    return {
      provider: 'paypal',
      disputeId: asString(d.dispute_id) ?? '',
      status:
        status === 'RESOLVED'
          ? outcomeCode === 'RESOLVED_SELLER_FAVOUR' || outcomeCode === 'CANCELED_BY_BUYER'
            ? 'won'
            : 'lost'
          : (STATUS[status] ?? 'other'),
      providerStatus: status,
      reason: asString(d.reason) ?? 'OTHER',
      amountCents: code && value ? decimalToMinor(value, code) : 0,
      currency: shopCurrency(code),
      dueAt: due ? new Date(due) : null,
      captureId: asString(disputed.seller_transaction_id),
      orderId: asString(disputed.custom),
      outcome: outcomeCode ? [outcomeCode, ...messages.filter(Boolean)].join(': ') : null,
    };
  }

  return {
    async getDispute(disputeId: string): Promise<ProviderDispute> {
      const res = await api('GET', `/v1/customer/disputes/${encodeURIComponent(disputeId)}`);
      if (res.status !== 200) refused(res, 'PayPal dispute lookup failed');
      return toDispute(asObject(res.body));
    },

    async submitDisputeEvidence(disputeId: string, evidence: DisputeEvidenceText): Promise<void> {
      const { invoice } = evidence;
      const input = {
        evidences: [
          {
            evidence_type: 'PROOF_OF_FULFILLMENT',
            notes: fitText(`${evidence.delivery}\n${evidence.withdrawal}`, NOTES_LIMIT),
            // The invoice goes as an `evidence-file` part; the evidence names it to claim it.
            ...(invoice ? { documents: [{ name: invoice.filename }] } : {}),
          },
          {
            evidence_type: 'OTHER',
            notes: fitText(`${evidence.account}\n${evidence.communication}`, NOTES_LIMIT),
          },
        ],
      };
      const { body, contentType } = await formData([
        {
          name: 'input',
          filename: 'input.json',
          contentType: 'application/json',
          data: JSON.stringify(input),
        },
        ...(invoice
          ? [
              {
                name: 'evidence-file',
                filename: invoice.filename,
                contentType: 'application/pdf',
                data: invoice.pdf,
              },
            ]
          : []),
      ]);
      const res = await api(
        'POST',
        `/v1/customer/disputes/${encodeURIComponent(disputeId)}/provide-evidence`,
        { raw: { body, contentType } },
      );
      if (res.status !== 200) refused(res, 'PayPal refused the evidence');
    },
  };
}
