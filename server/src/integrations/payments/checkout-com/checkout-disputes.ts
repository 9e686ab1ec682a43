import type { Logger } from '../../../logger.ts';
import { shopCurrency } from '../amounts.ts';
import { fitText, formData, type DisputeEvidenceText, type ProviderDispute } from '../disputes.ts';
import { PaymentError } from '../payment-provider.ts';
import {
  asArray,
  asObject,
  asString,
  callProvider,
  type ProviderAnswer,
} from '../provider-http.ts';

/** Checkout.com's limit on each evidence `*_text` field. */
const TEXT_LIMIT = 500;

const STATUS: Record<string, ProviderDispute['status']> = {
  evidence_required: 'needs_response',
  evidence_under_review: 'under_review',
  won: 'won',
  lost: 'lost',
  expired: 'lost',
  accepted: 'lost',
};

/**
 * Checkout.com's Disputes API with the secret key: read a dispute (`GET /disputes/{id}`, then
 * its payment for our order id, the payment's `reference`), provide the evidence fields
 * (`PUT /disputes/{id}/evidence`, 204) and submit them (`POST /disputes/{id}/evidence`, 204).
 * Our sections go to `proof_of_delivery_or_service_text` (+ `_date_text`),
 * `refund_or_cancellation_policy_text` (the withdrawal waiver), `customer_communication_text`
 * and `additional_evidence_text` (the account); the order's invoice PDF is uploaded first
 * (`POST /files`) and named by its id in `invoice_or_receipt_file`, with
 * `invoice_or_receipt_text` saying which invoice it is.
 */
export function createCheckoutDisputes(config: {
  baseUrl: string;
  secretKey: string;
  log?: Logger;
}) {
  const base = config.baseUrl.replace(/\/$/, '');
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    callProvider('checkout', `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const refused = (res: ProviderAnswer, what: string): never => {
    const b = asObject(res.body);
    const codes = asArray(b.error_codes).filter((c): c is string => typeof c === 'string');
    config.log?.warn({ status: res.status, codes }, 'Checkout.com refused a dispute call');
    throw new PaymentError(
      'checkout',
      res.status === 404 ? 'NOT_FOUND' : res.status === 401 ? 'UNAUTHORIZED' : 'INVALID_REQUEST',
      `${what}: ${codes.join(', ') || res.status}`,
      {
        httpStatus: res.status,
        // 403: the dispute's state takes no evidence any more (submitted, decided, expired).
        providerCode: res.status === 403 ? 'NOT_ELIGIBLE' : (codes[0] ?? null),
        debugId: asString(b.request_id),
      },
    );
  };

  /**
   * Uploads a file for dispute evidence (`POST /files`, multipart: `file` and
   * `purpose=dispute_evidence`, as checkout-sdk-python's `FilesClient.upload_file`): its id.
   */
  async function upload(file: NonNullable<DisputeEvidenceText['invoice']>): Promise<string> {
    const { body, contentType } = await formData([
      { name: 'file', filename: file.filename, contentType: 'application/pdf', data: file.pdf },
      { name: 'purpose', data: 'dispute_evidence' },
    ]);
    const res = await callProvider('checkout', `${base}/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        'content-type': contentType,
      },
      body,
    });
    const id = asString(asObject(res.body).id);
    if ((res.status !== 200 && res.status !== 201) || !id) {
      refused(res, 'Checkout.com refused the evidence file');
    }
    return id!;
  }

  return {
    async getDispute(disputeId: string): Promise<ProviderDispute> {
      const res = await api('GET', `/disputes/${encodeURIComponent(disputeId)}`);
      if (res.status !== 200) refused(res, 'Checkout.com dispute lookup failed');
      const d = asObject(res.body);
      const paymentId = asString(asObject(d.payment).id);
      let orderId: string | null = null;
      if (paymentId) {
        const payment = await api('GET', `/payments/${encodeURIComponent(paymentId)}`);
        if (payment.status === 200) {
          const p = asObject(payment.body);
          orderId = asString(p.reference) ?? asString(asObject(p.metadata).order_id);
        }
      }
      const status = asString(d.status) ?? '';
      const due = asString(d.evidence_required_by);
      const category = asString(d.category) ?? 'general';
      const mapped = STATUS[status] ?? 'other';
      return {
        provider: 'checkout',
        disputeId: asString(d.id) ?? disputeId,
        status: mapped,
        providerStatus: status,
        reason: [category, asString(d.reason_code)].filter(Boolean).join(' '),
        amountCents: typeof d.amount === 'number' ? d.amount : 0,
        currency: shopCurrency(d.currency),
        dueAt: due ? new Date(due) : null,
        captureId: paymentId,
        orderId,
        outcome:
          mapped === 'won' || mapped === 'lost'
            ? [status, asString(d.sandbox_decision)].filter(Boolean).join(': ')
            : null,
      };
    },

    async submitDisputeEvidence(disputeId: string, evidence: DisputeEvidenceText): Promise<void> {
      const path = `/disputes/${encodeURIComponent(disputeId)}/evidence`;
      // The invoice is uploaded first (a retry uploads it again: the PUT names one file id).
      const invoiceFile = evidence.invoice ? await upload(evidence.invoice) : null;
      const fields = {
        proof_of_delivery_or_service_text: fitText(evidence.delivery, TEXT_LIMIT),
        ...(evidence.deliveredAt
          ? { proof_of_delivery_or_service_date_text: evidence.deliveredAt.toISOString() }
          : {}),
        ...(invoiceFile && evidence.invoice
          ? {
              invoice_or_receipt_file: invoiceFile,
              invoice_or_receipt_text: `Invoice ${evidence.invoice.number} (PDF)`,
            }
          : {}),
        refund_or_cancellation_policy_text: fitText(evidence.withdrawal, TEXT_LIMIT),
        customer_communication_text: fitText(evidence.communication, TEXT_LIMIT),
        additional_evidence_text: fitText(evidence.account, TEXT_LIMIT),
      };
      const put = await api('PUT', path, fields);
      if (put.status !== 204 && put.status !== 200)
        refused(put, 'Checkout.com refused the evidence');
      const submit = await api('POST', path);
      if (submit.status !== 204 && submit.status !== 200) {
        refused(submit, 'Checkout.com refused the submission');
      }
    },
  };
}
