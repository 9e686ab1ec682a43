import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../src/integrations/payments/checkout-com/checkout-client.ts';
import { formData, type DisputeEvidenceText } from '../src/integrations/payments/disputes.ts';
import type { PaymentProvider } from '../src/integrations/payments/payment-provider.ts';
import { createPaypalClient } from '../src/integrations/payments/paypal/paypal-client.ts';
import {
  CHECKOUT_SANDBOX_CREDENTIALS,
  startCheckoutSandbox,
  type CheckoutSandbox,
} from '../src/sandboxes/checkout-com/index.ts';
import {
  PAYPAL_SANDBOX_CREDENTIALS,
  startPaypalSandbox,
  type PaypalSandbox,
} from '../src/sandboxes/paypal/index.ts';
import {
  clickButton,
  newPayment,
  paypalSandboxToken,
  rejection,
  startWebhookReceiver,
  tempDir,
} from './payments-helpers.ts';

/**
 * The evidence files at each provider's sandbox, through the clients the shop uses: what PayPal
 * and Checkout.com take (a PDF under their size limits, named where the evidence says) and what
 * they refuse (another type, too large, a file id they never issued), in their error shapes. The
 * shop's own flow (the invoice sent with a won dispute's evidence) is in disputes.test.ts.
 */

let paypalSandbox: PaypalSandbox;
let ckoSandbox: CheckoutSandbox;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let state: ReturnType<typeof tempDir>;
let paypal: PaymentProvider;
let checkout: PaymentProvider;

beforeAll(async () => {
  state = tempDir();
  receiver = await startWebhookReceiver();
  paypalSandbox = await startPaypalSandbox({ port: 0, dir: state.dir, webhookUrl: receiver.url });
  ckoSandbox = await startCheckoutSandbox({ port: 0, dir: state.dir, webhookUrl: receiver.url });
  paypal = createPaypalClient({
    baseUrl: paypalSandbox.url,
    clientId: PAYPAL_SANDBOX_CREDENTIALS.clientId,
    clientSecret: PAYPAL_SANDBOX_CREDENTIALS.clientSecret,
    webhookId: PAYPAL_SANDBOX_CREDENTIALS.webhookId,
  });
  checkout = createCheckoutClient({
    baseUrl: ckoSandbox.url,
    secretKey: CHECKOUT_SANDBOX_CREDENTIALS.secretKey,
    webhookSecret: CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret,
  });
});

afterAll(async () => {
  await paypalSandbox.close();
  await ckoSandbox.close();
  await receiver.close();
  state.remove();
});

/** A PDF's first bytes and filler to `size` bytes: the sandboxes read the declared type. */
const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.3\n%\xff\xff\n', 'latin1').subarray(0, size));
  return bytes;
};

/** Evidence the sandboxes decide for the seller (a delivery, a reveal, a waiver, all earlier). */
const evidence = (invoice?: DisputeEvidenceText['invoice']): DisputeEvidenceText => ({
  delivery: 'Delivered at: 2020-01-01T00:00:00.000Z\nKey revealed at: 2020-01-01T00:01:00.000Z',
  deliveredAt: new Date('2020-01-01T00:00:00.000Z'),
  withdrawal: 'Withdrawal waiver accepted at: 2020-01-01T00:01:00.000Z',
  communication: 'Mails sent to the buyer about order 1001:',
  account: 'Buyer account created at: 2019-12-01T00:00:00.000Z',
  ...(invoice && { invoice }),
});

/** A captured payment of the provider's, disputed by the buyer's bank: the dispute's id. */
async function openDispute(provider: 'paypal' | 'checkout') {
  const client = provider === 'paypal' ? paypal : checkout;
  const payment = await newPayment(client, { currency: 'eur', returnPath: '/checkout' });
  const paid = await (provider === 'paypal'
    ? clickButton(payment.approvalUrl, 'Pay now')
    : clickButton(payment.approvalUrl, 'Pay'));
  expect(paid.status).toBe(303);
  const { captureId } = await client.capture(payment.providerRef, {
    idempotencyKey: randomUUID(),
  });
  const url =
    provider === 'paypal'
      ? `${paypalSandbox.url}/sandbox/captures/${captureId}/dispute`
      : `${ckoSandbox.url}/sandbox/payments/${captureId}/dispute`;
  const res = await fetch(url, { method: 'POST', body: '{}' });
  expect(res.status).toBe(201);
  const d = (await res.json()) as { dispute_id?: string; id?: string };
  return (d.dispute_id ?? d.id)!;
}

const paypalToken = () => paypalSandboxToken(paypalSandbox.url);

describe('PayPal: evidence files', () => {
  /** A raw provide-evidence call whose proof of fulfilment names `file`'s part. */
  async function provide(disputeId: string, file: { name: string; type: string; size: number }) {
    const input = {
      evidences: [
        { evidence_type: 'PROOF_OF_FULFILLMENT', notes: 'n', documents: [{ name: file.name }] },
      ],
    };
    const { body, contentType } = await formData([
      { name: 'input', contentType: 'application/json', data: JSON.stringify(input) },
      {
        name: 'evidence-file',
        filename: file.name,
        contentType: file.type,
        data: pdfOf(file.size),
      },
    ]);
    const res = await fetch(
      `${paypalSandbox.url}/v1/customer/disputes/${disputeId}/provide-evidence`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await paypalToken()}`, 'content-type': contentType },
        body,
      },
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('refuses another type than JPG, GIF, PNG or PDF, and a file of 10 MB, keeping the dispute open', async () => {
    const disputeId = await openDispute('paypal');
    const text = await provide(disputeId, { name: 'notes.txt', type: 'text/plain', size: 100 });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'INVALID_EVIDENCE_FILE' }],
    });
    const big = await provide(disputeId, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      size: 10 * 1024 * 1024,
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ details: [{ issue: 'INVALID_EVIDENCE_FILE' }] });
    // Through the shop's client: the refusal it records as the dispute's last error.
    const refused = await rejection(
      paypal.submitDisputeEvidence(
        disputeId,
        evidence({ number: '2026-000001', filename: 'a.pdf', pdf: pdfOf(10 * 1024 * 1024) }),
      ),
    );
    expect(refused).toMatchObject({
      code: 'INVALID_REQUEST',
      providerCode: 'INVALID_EVIDENCE_FILE',
    });
    expect((await paypal.getDispute(disputeId)).status).toBe('needs_response');
  });

  it('keeps the PDF the client sends, named in the proof of fulfilment, with its size and type', async () => {
    const disputeId = await openDispute('paypal');
    const pdf = pdfOf(2345);
    await paypal.submitDisputeEvidence(
      disputeId,
      evidence({ number: '2026-000042', filename: 'invoice-2026-000042.pdf', pdf }),
    );
    const res = await fetch(`${paypalSandbox.url}/v1/customer/disputes/${disputeId}`, {
      headers: { authorization: `Bearer ${await paypalToken()}` },
    });
    const view = (await res.json()) as {
      status: string;
      evidences: Array<{ evidence_type: string; documents?: unknown[] }>;
    };
    expect(view.status).toBe('RESOLVED');
    expect(view.evidences.map((e) => [e.evidence_type, e.documents])).toEqual([
      [
        'PROOF_OF_FULFILLMENT',
        [
          {
            name: 'invoice-2026-000042.pdf',
            sandbox_size: 2345,
            sandbox_content_type: 'application/pdf',
          },
        ],
      ],
      ['OTHER', undefined],
    ]);
  });
});

describe('Checkout.com: files and evidence files', () => {
  const call = (
    method: string,
    path: string,
    init: { body?: Uint8Array | string; type?: string } = {},
  ) =>
    fetch(`${ckoSandbox.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}`,
        ...(init.type && { 'content-type': init.type }),
      },
      body: init.body ?? null,
    });
  const upload = async (file: { name: string; type: string; size: number }, purpose: string) => {
    const { body, contentType } = await formData([
      { name: 'file', filename: file.name, contentType: file.type, data: pdfOf(file.size) },
      { name: 'purpose', data: purpose },
    ]);
    return { body, type: contentType };
  };

  it('uploads a PDF for dispute evidence, and refuses a stranger, another type, size or purpose', async () => {
    const pdf = await upload(
      { name: 'invoice.pdf', type: 'application/pdf', size: 1234 },
      'dispute_evidence',
    );
    const anonymous = await fetch(`${ckoSandbox.url}/files`, {
      method: 'POST',
      headers: { 'content-type': pdf.type },
      body: pdf.body,
    });
    expect(anonymous.status).toBe(401);

    const created = await call('POST', '/files', pdf);
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect(id).toMatch(/^file_[a-z2-7]{26}$/);
    const meta = await call('GET', `/files/${id}`);
    expect(await meta.json()).toMatchObject({
      id,
      filename: 'invoice.pdf',
      purpose: 'dispute_evidence',
      size: 1234,
      sandbox_content_type: 'application/pdf',
    });
    expect((await call('GET', '/files/file_unknown')).status).toBe(404);

    const refusals = await Promise.all(
      [
        await upload({ name: 'a.txt', type: 'text/plain', size: 10 }, 'dispute_evidence'),
        await upload(
          { name: 'a.pdf', type: 'application/pdf', size: 4 * 1024 * 1024 + 1 },
          'dispute_evidence',
        ),
        await upload({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 'marketing'),
      ].map(async (init) => {
        const res = await call('POST', '/files', init);
        return [res.status, ((await res.json()) as { error_codes: string[] }).error_codes];
      }),
    );
    expect(refusals).toEqual([
      [422, ['file_type_invalid']],
      [422, ['file_size_invalid']],
      [422, ['purpose_invalid']],
    ]);
  });

  it('takes an uploaded file as invoice_or_receipt_file, and refuses an id it never issued', async () => {
    const disputeId = await openDispute('checkout');
    const unknown = await call('PUT', `/disputes/${disputeId}/evidence`, {
      type: 'application/json',
      body: JSON.stringify({ invoice_or_receipt_file: 'file_doesnotexist' }),
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      error_codes: ['invoice_or_receipt_file_not_found'],
    });

    await checkout.submitDisputeEvidence(
      disputeId,
      evidence({ number: '2026-000042', filename: 'invoice-2026-000042.pdf', pdf: pdfOf(777) }),
    );
    const held = (await (await call('GET', `/disputes/${disputeId}/evidence`)).json()) as Record<
      string,
      string
    >;
    expect(held.invoice_or_receipt_text).toBe('Invoice 2026-000042 (PDF)');
    const file = await (await call('GET', `/files/${held.invoice_or_receipt_file}`)).json();
    expect(file).toMatchObject({
      filename: 'invoice-2026-000042.pdf',
      purpose: 'dispute_evidence',
      size: 777,
    });
    expect((await checkout.getDispute(disputeId)).status).toBe('won');
  });
});
