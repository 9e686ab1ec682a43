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
import {
  PaymentError,
  type PaymentProvider,
} from '../src/integrations/payments/payment-provider.ts';
import { clickButton, startWebhookReceiver, tempDir } from './payments-helpers.ts';

const SHOP = 'https://shop.test';

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

async function newPayment(amountCents = 1999) {
  const orderId = `ord_${randomUUID().slice(0, 8)}`;
  const created = await checkout.createPayment({
    orderId,
    amountCents,
    currency: 'usd',
    description: 'Game X (Steam key)',
    returnUrl: `${SHOP}/checkout/card/return`,
    cancelUrl: `${SHOP}/checkout/card/cancel`,
    idempotencyKey: `create-${orderId}`,
  });
  return { orderId, ...created };
}

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

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a PaymentError');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(PaymentError);
      return err as PaymentError;
    },
  );

describe('Checkout.com: hosted page, capture, refund', () => {
  it('takes a payment from the hosted page to a full refund, amounts in minor units', async () => {
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
    expect(await checkout.getPayment(payment.providerRef)).toMatchObject({
      status: 'approved',
      orderId: payment.orderId,
      amountCents: 1999,
      currency: 'usd',
      captureId: null,
    });

    const capture = await checkout.capture(payment.providerRef, {
      idempotencyKey: `capture-${payment.orderId}`,
    });
    expect(capture).toEqual({
      captureId: paymentId,
      status: 'captured',
      amountCents: 1999,
      currency: 'usd',
      alreadyCaptured: false,
    });
    expect(await checkout.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId: paymentId,
      capturedCents: 1999,
      refundedCents: 0,
    });

    const partial = await checkout.refund(capture.captureId, {
      amountCents: 500,
      currency: 'usd',
      idempotencyKey: `refund-1-${payment.orderId}`,
      reason: 'Key already redeemed',
      orderId: payment.orderId,
    });
    expect(partial).toEqual({ refundId: expect.stringMatching(/^act_/), status: 'completed' });
    expect(await checkout.getPayment(paymentId!)).toMatchObject({
      status: 'captured',
      refundedCents: 500,
    });

    await checkout.refund(capture.captureId, {
      currency: 'usd',
      idempotencyKey: `refund-2-${payment.orderId}`,
      reason: 'Order cancelled',
    });
    expect(await checkout.getPayment(payment.providerRef)).toMatchObject({
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

  it('refuses a partial refund larger than what is left', async () => {
    const payment = await newPayment(1000);
    await pay(payment.approvalUrl);
    const { captureId } = await checkout.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    await checkout.refund(captureId, {
      amountCents: 600,
      currency: 'usd',
      idempotencyKey: randomUUID(),
      reason: 'partial',
    });
    const err = await rejection(
      checkout.refund(captureId, {
        amountCents: 401,
        currency: 'usd',
        idempotencyKey: randomUUID(),
        reason: 'too much',
      }),
    );
    expect(err).toMatchObject({
      code: 'REFUND_EXCEEDED',
      providerCode: 'refund_amount_exceeds_balance',
    });
  });

  it('repeats a refund for a repeated idempotency key instead of refunding twice', async () => {
    const payment = await newPayment(1000);
    await pay(payment.approvalUrl);
    const { captureId } = await checkout.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    const input = {
      amountCents: 300,
      currency: 'usd' as const,
      idempotencyKey: randomUUID(),
      reason: 'x',
    };
    const first = await checkout.refund(captureId, input);
    const again = await checkout.refund(captureId, input);
    expect(again.refundId).toBe(first.refundId);
    expect((await checkout.getPayment(captureId)).refundedCents).toBe(300);
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

  it('sends the buyer who cancels to the cancel URL, nothing paid', async () => {
    const payment = await newPayment();
    const res = await clickButton(payment.approvalUrl, 'Cancel');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${SHOP}/checkout/card/cancel`);
    expect((await checkout.getPayment(payment.providerRef)).status).toBe('created');
  });

  it('answers NOT_FOUND for unknown ids and UNAUTHORIZED for a wrong key', async () => {
    expect(await rejection(checkout.getPayment('hpp_nosuchpage0'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await rejection(checkout.getPayment('pay_nosuchpayment'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const wrong = clientFor({ secretKey: 'sk_sbox_wrong' });
    expect(await rejection(wrong.getPayment('hpp_x'))).toMatchObject({ code: 'UNAUTHORIZED' });
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
  it('answers the same capture to the same key, and the existing one to a new key', async () => {
    const payment = await newPayment(2500);
    const back = await pay(payment.approvalUrl);
    const paymentId = back.searchParams.get('cko-payment-id')!;
    const key = `capture-${payment.orderId}`;
    const first = await checkout.capture(payment.providerRef, { idempotencyKey: key });
    const replay = await checkout.capture(payment.providerRef, { idempotencyKey: key });
    expect(replay).toEqual(first);

    // Checkout.com itself forbids a second capture under a new key …
    const raw = await rawPost(`/payments/${paymentId}/captures`, {
      'cko-idempotency-key': randomUUID(),
    });
    expect(raw.status).toBe(403);
    // … which the client reports as the capture that exists, by hpp or payment id alike.
    const racing = await checkout.capture(paymentId, { idempotencyKey: randomUUID() });
    expect(racing).toEqual({ ...first, alreadyCaptured: true });
  });

  it('refuses to capture before the buyer paid', async () => {
    const payment = await newPayment();
    const err = await rejection(
      checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err.code).toBe('NOT_APPROVED');
  });

  it('reports a declined capture for the card whose capture fails', async () => {
    const payment = await newPayment();
    await pay(payment.approvalUrl, CHECKOUT_TEST_CARDS.captureDeclined);
    expect((await checkout.getPayment(payment.providerRef)).status).toBe('approved');
    const err = await rejection(
      checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({ code: 'DECLINED', providerCode: '20005' });
    expect((await checkout.getPayment(payment.providerRef)).captureId).toBeNull();
  });
});

describe('Checkout.com: webhooks', () => {
  it('delivers signed events that verify, and refuses a tampered body or a foreign key', async () => {
    const payment = await newPayment(4321);
    const back = await pay(payment.approvalUrl);
    const paymentId = back.searchParams.get('cko-payment-id')!;
    const approved = await receiver.waitFor(
      (d) => d.rawBody.includes('"payment_approved"') && d.rawBody.includes(paymentId),
    );
    expect(await checkout.verifyWebhook(approved.headers, approved.rawBody)).toMatchObject({
      type: 'approved',
      providerRef: paymentId,
      orderId: payment.orderId,
      captureId: null,
    });

    await checkout.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    const delivery = await receiver.waitFor(
      (d) => d.rawBody.includes('"payment_captured"') && d.rawBody.includes(paymentId),
    );
    expect(delivery.headers['cko-signature']).toBe(
      ckoSignature(delivery.rawBody, CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret),
    );
    expect(await checkout.verifyWebhook(new Headers(delivery.headers), delivery.rawBody)).toEqual({
      provider: 'checkout',
      eventId: expect.stringMatching(/^evt_/),
      type: 'captured',
      providerType: 'payment_captured',
      providerRef: paymentId,
      orderId: payment.orderId,
      captureId: paymentId,
      amountCents: 4321,
      currency: 'usd',
    });

    const tampered = delivery.rawBody.replace('"amount":4321', '"amount":1');
    expect(tampered).not.toBe(delivery.rawBody);
    expect(await checkout.verifyWebhook(delivery.headers, tampered)).toBeNull();
    expect(await checkout.verifyWebhook({}, delivery.rawBody)).toBeNull();
    const foreign = clientFor({ webhookSecret: 'someone-elses-key' });
    expect(await foreign.verifyWebhook(delivery.headers, delivery.rawBody)).toBeNull();
  });

  it('reports a declined capture and a refund by webhook too', async () => {
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

    const paid = await newPayment(900);
    await pay(paid.approvalUrl);
    const { captureId } = await checkout.capture(paid.providerRef, {
      idempotencyKey: randomUUID(),
    });
    await checkout.refund(captureId, {
      amountCents: 250,
      currency: 'usd',
      idempotencyKey: randomUUID(),
      reason: 'Key did not work',
    });
    const refunded = await receiver.waitFor(
      (d) => d.rawBody.includes('payment_refunded') && d.rawBody.includes(captureId),
    );
    expect(await checkout.verifyWebhook(refunded.headers, refunded.rawBody)).toMatchObject({
      type: 'refunded',
      captureId,
      orderId: paid.orderId,
      amountCents: 250,
    });
  });
});

describe('Checkout.com sandbox: durability', () => {
  it('keeps payments, captures and undelivered webhooks across a restart', async () => {
    const payment = await newPayment(999);
    await pay(payment.approvalUrl);
    receiver.answer(503);
    const { captureId } = await checkout.capture(payment.providerRef, {
      idempotencyKey: 'cap-durable',
    });
    const port = sandbox.port;
    await sandbox.close();
    receiver.answer(200);

    sandbox = await startCheckoutSandbox({ port, dir: state.dir, webhookUrl: receiver.url });
    expect(await checkout.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId,
      capturedCents: 999,
    });
    const again = await checkout.capture(payment.providerRef, { idempotencyKey: 'cap-durable' });
    expect(again).toMatchObject({ captureId, alreadyCaptured: false });
    const delivery = await receiver.waitFor(
      (d) => d.rawBody.includes('"payment_captured"') && d.rawBody.includes(captureId),
    );
    expect((await checkout.verifyWebhook(delivery.headers, delivery.rawBody))?.type).toBe(
      'captured',
    );
  });
});
