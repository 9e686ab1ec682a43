import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../src/integrations/payments/checkout-com/checkout-client.ts';
import {
  CHECKOUT_SANDBOX_CREDENTIALS,
  CHECKOUT_TEST_CARDS,
  startCheckoutSandbox,
  type CheckoutSandbox,
} from '../src/sandboxes/checkout-com/index.ts';
import { ckoSignature } from '../src/integrations/payments/checkout-com/cko-signature.ts';
import type { PaymentProvider } from '../src/integrations/payments/payment-provider.ts';
import {
  clickButton,
  rejection,
  startWebhookReceiver,
  tempDir,
  SHOP,
  newPayment as newPaymentFor,
} from './payments-helpers.ts';

// What only Checkout.com has: the hosted page and its test cards, its ids, raw API answers and
// `Cko-Signature`. The cases both providers share (refunds, idempotency, failures, webhooks,
// restarts) are in payment-provider-contract.test.ts.

let sandbox: CheckoutSandbox;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let state: ReturnType<typeof tempDir>;
let checkout: PaymentProvider;

const clientFor = (overrides: Partial<Parameters<typeof createCheckoutClient>[0]> = {}) =>
  createCheckoutClient({
    baseUrl: sandbox.url,
    secretKey: CHECKOUT_SANDBOX_CREDENTIALS.secretKey,
    webhookSecret: CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret,
    ...overrides,
  });

beforeAll(async () => {
  state = tempDir();
  receiver = await startWebhookReceiver();
  sandbox = await startCheckoutSandbox({ port: 0, dir: state.dir, webhookUrl: receiver.url });
  checkout = clientFor();
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
  state.remove();
});

const newPayment = (amountCents?: number) =>
  newPaymentFor(checkout, { currency: 'usd', returnPath: '/checkout/card', amountCents });

/** Pays on the hosted page with `card` (default: the prefilled test card) and follows the redirect. */
async function pay(approvalUrl: string, card?: string) {
  const res = await clickButton(approvalUrl, 'Pay', card ? { card_number: card } : {});
  expect(res.status).toBe(303);
  return new URL(res.location!);
}

const rawPost = (path: string, headers: Record<string, string> = {}, body: unknown = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });

describe('Checkout.com: hosted page', () => {
  it('takes the card on its page and returns with the payment id, which also names the capture', async () => {
    const payment = await newPayment(1999);
    expect(payment.providerRef).toMatch(/^hpp_/);
    expect(payment.approvalUrl).toBe(`${sandbox.url}/page/${payment.providerRef}`);

    const page = await (await fetch(payment.approvalUrl)).text();
    expect(page).toContain('USD 19.99');
    expect(page).toContain('value="4242 4242 4242 4242"');
    const back = await pay(payment.approvalUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/card/return`);
    const paymentId = back.searchParams.get('cko-payment-id');
    expect(paymentId).toMatch(/^pay_[a-z2-7]{26}$/);

    const capture = await checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    expect(capture.captureId).toBe(paymentId);
    const refund = await checkout.refund(capture.captureId, {
      currency: 'usd',
      idempotencyKey: randomUUID(),
      reason: 'Order cancelled',
    });
    expect(refund.refundId).toMatch(/^act_/);
    // getPayment takes the payment id (what webhooks carry) as well as the hosted page's.
    expect(await checkout.getPayment(paymentId!)).toMatchObject({
      orderId: payment.orderId,
      status: 'refunded',
      refundedCents: 1999,
    });
    const over = await rejection(
      checkout.refund(capture.captureId, {
        amountCents: 1,
        currency: 'usd',
        idempotencyKey: randomUUID(),
        reason: 'again',
      }),
    );
    expect(over).toMatchObject({ code: 'REFUND_EXCEEDED', httpStatus: 403 });
  });

  it('sends a declined card to the failure URL and refuses to capture it', async () => {
    const payment = await newPayment();
    const back = await pay(payment.approvalUrl, '4000 0000 0000 0002');
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/card/cancel`);
    expect(back.searchParams.get('cko-payment-id')).toMatch(/^pay_/);
    expect((await checkout.getPayment(payment.providerRef)).status).toBe('failed');
    const err = await rejection(
      checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({ code: 'DECLINED', httpStatus: 403 });
  });

  it('lands a second submit of the page where the first payment did, paying once', async () => {
    const payment = await newPayment();
    const first = await pay(payment.approvalUrl);
    // The page now shows the result, not the form; posting the form again lands the same.
    const page = await (await fetch(payment.approvalUrl)).text();
    expect(page).toContain('Payment received');
    expect(page).not.toContain('<button type="submit">Pay</button>');
    const resubmit = await fetch(`${payment.approvalUrl}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ card_number: CHECKOUT_TEST_CARDS.approved }),
      redirect: 'manual',
    });
    expect(resubmit.status).toBe(303);
    expect(resubmit.headers.get('location')).toBe(first.toString());
  });

  it('answers 422 with error codes to an invalid hosted payment request', async () => {
    const res = await rawPost('/hosted-payments', {}, { amount: 12.5, currency: 'eur' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error_type: 'request_invalid',
      error_codes: expect.arrayContaining(['amount_invalid', 'currency_invalid']),
    });
  });
});

describe('Checkout.com: capturing once', () => {
  it('forbids a second capture under a new key (403), and the client reports the first', async () => {
    const payment = await newPayment(2500);
    const back = await pay(payment.approvalUrl);
    const paymentId = back.searchParams.get('cko-payment-id')!;
    const first = await checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() });

    // Checkout.com itself forbids a second capture under a new key …
    const raw = await rawPost(`/payments/${paymentId}/captures`, {
      'cko-idempotency-key': randomUUID(),
    });
    expect(raw.status).toBe(403);
    // … which the client reports as the capture that exists, by hpp or payment id alike.
    const racing = await checkout.capture(paymentId, { idempotencyKey: randomUUID() });
    expect(racing).toEqual({ ...first, alreadyCaptured: true });
  });
});

describe('Checkout.com: webhooks', () => {
  it('signs each delivery with Cko-Signature over the raw body, naming the payment id', async () => {
    const payment = await newPayment(4321);
    const back = await pay(payment.approvalUrl);
    const paymentId = back.searchParams.get('cko-payment-id')!;
    const approved = await receiver.waitFor(
      (d) => d.rawBody.includes('"payment_approved"') && d.rawBody.includes(paymentId),
    );
    expect(approved.headers['cko-signature']).toBe(
      ckoSignature(approved.rawBody, CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret),
    );
    expect(await checkout.verifyWebhook(approved.headers, approved.rawBody)).toMatchObject({
      eventId: expect.stringMatching(/^evt_/),
      type: 'approved',
      providerRef: paymentId,
    });
    const tampered = approved.rawBody.replace('"amount":4321', '"amount":1');
    expect(tampered).not.toBe(approved.rawBody);
    expect(await checkout.verifyWebhook(approved.headers, tampered)).toBeNull();
  });

  it('reports a declined capture by webhook too', async () => {
    const declined = await newPayment(800);
    const declinedId = (
      await pay(declined.approvalUrl, CHECKOUT_TEST_CARDS.captureDeclined)
    ).searchParams.get('cko-payment-id')!;
    await rejection(checkout.capture(declined.providerRef, { idempotencyKey: randomUUID() }));
    const failed = await receiver.waitFor(
      (d) => d.rawBody.includes('payment_capture_declined') && d.rawBody.includes(declinedId),
    );
    expect(await checkout.verifyWebhook(failed.headers, failed.rawBody)).toMatchObject({
      type: 'failed',
      orderId: declined.orderId,
    });
  });
});
