import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentError,
  type PaymentProvider,
} from '../src/integrations/payments/payment-provider.ts';
import { createPaypalClient } from '../src/integrations/payments/paypal/paypal-client.ts';
import {
  PAYPAL_SANDBOX_CREDENTIALS,
  startPaypalSandbox,
  type PaypalSandbox,
} from '../src/sandboxes/paypal/index.ts';
import { clickButton, startWebhookReceiver, tempDir } from './payments-helpers.ts';

const SHOP = 'https://shop.test';

let sandbox: PaypalSandbox;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let state: ReturnType<typeof tempDir>;
let paypal: PaymentProvider;

const clientFor = (overrides: Partial<Parameters<typeof createPaypalClient>[0]> = {}) =>
  createPaypalClient({
    baseUrl: sandbox.url,
    clientId: PAYPAL_SANDBOX_CREDENTIALS.clientId,
    clientSecret: PAYPAL_SANDBOX_CREDENTIALS.clientSecret,
    webhookId: PAYPAL_SANDBOX_CREDENTIALS.webhookId,
    ...overrides,
  });

beforeAll(async () => {
  state = tempDir();
  receiver = await startWebhookReceiver();
  sandbox = await startPaypalSandbox({ port: 0, dir: state.dir, webhookUrl: receiver.url });
  paypal = clientFor();
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
  state.remove();
});

/** A new payment for a new order id, as the checkout starts one. */
async function newPayment(amountCents = 1999) {
  const orderId = `ord_${randomUUID().slice(0, 8)}`;
  const created = await paypal.createPayment({
    orderId,
    amountCents,
    currency: 'eur',
    description: 'Game X (Steam key)',
    returnUrl: `${SHOP}/checkout/paypal/return`,
    cancelUrl: `${SHOP}/checkout/paypal/cancel`,
    idempotencyKey: `create-${orderId}`,
  });
  return { orderId, ...created };
}

/** Clicks "Pay now" on the approval page and checks where PayPal sends the buyer. */
async function approve(approvalUrl: string, button = 'Pay now') {
  const res = await clickButton(approvalUrl, button);
  expect(res.status).toBe(303);
  return new URL(res.location!);
}

/** A raw call to the sandbox's REST API with a fresh token, for answers the client hides. */
async function rawCall(path: string, init: { body?: unknown; headers?: Record<string, string> }) {
  const auth = Buffer.from(
    `${PAYPAL_SANDBOX_CREDENTIALS.clientId}:${PAYPAL_SANDBOX_CREDENTIALS.clientSecret}`,
  ).toString('base64');
  const tokenRes = await fetch(`${sandbox.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}` },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: JSON.stringify(init.body ?? {}),
  });
}

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

describe('PayPal: create, approve, capture, refund', () => {
  it('takes a payment from creation to a full refund, amounts in cents throughout', async () => {
    const payment = await newPayment(1999);
    expect(payment.providerRef).toMatch(/^[A-Z0-9]{17}$/);
    expect(payment.approvalUrl).toBe(`${sandbox.url}/checkoutnow?token=${payment.providerRef}`);
    expect(payment.status).toBe('created');

    const page = await (await fetch(payment.approvalUrl)).text();
    expect(page).toContain('EUR 19.99');
    const back = await approve(payment.approvalUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/paypal/return`);
    expect(back.searchParams.get('token')).toBe(payment.providerRef);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);
    expect(await paypal.getPayment(payment.providerRef)).toMatchObject({
      status: 'approved',
      orderId: payment.orderId,
      amountCents: 1999,
      currency: 'eur',
      captureId: null,
    });

    const capture = await paypal.capture(payment.providerRef, {
      idempotencyKey: `capture-${payment.orderId}`,
    });
    expect(capture).toEqual({
      captureId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'captured',
      amountCents: 1999,
      currency: 'eur',
      alreadyCaptured: false,
    });
    expect(await paypal.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId: capture.captureId,
      capturedCents: 1999,
      refundedCents: 0,
    });

    const partial = await paypal.refund(capture.captureId, {
      amountCents: 500,
      currency: 'eur',
      idempotencyKey: `refund-1-${payment.orderId}`,
      reason: 'Key already redeemed',
      orderId: payment.orderId,
    });
    expect(partial).toEqual({ refundId: expect.any(String), status: 'completed' });
    expect(await paypal.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      refundedCents: 500,
    });

    const rest = await paypal.refund(capture.captureId, {
      currency: 'eur',
      idempotencyKey: `refund-2-${payment.orderId}`,
      reason: 'Order cancelled',
    });
    expect(rest.refundId).not.toBe(partial.refundId);
    expect(await paypal.getPayment(payment.providerRef)).toMatchObject({
      status: 'refunded',
      refundedCents: 1999,
    });

    const over = await rejection(
      paypal.refund(capture.captureId, {
        amountCents: 1,
        currency: 'eur',
        idempotencyKey: `refund-3-${payment.orderId}`,
        reason: 'again',
      }),
    );
    expect(over).toMatchObject({ code: 'REFUND_EXCEEDED', providerCode: 'CAPTURE_FULLY_REFUNDED' });
  });

  it('refuses a partial refund larger than what is left', async () => {
    const payment = await newPayment(1000);
    await approve(payment.approvalUrl);
    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    await paypal.refund(captureId, {
      amountCents: 600,
      currency: 'eur',
      idempotencyKey: randomUUID(),
      reason: 'partial',
    });
    const err = await rejection(
      paypal.refund(captureId, {
        amountCents: 401,
        currency: 'eur',
        idempotencyKey: randomUUID(),
        reason: 'too much',
      }),
    );
    expect(err).toMatchObject({ code: 'REFUND_EXCEEDED', providerCode: 'REFUND_AMOUNT_EXCEEDED' });
  });

  it('repeats a refund for a repeated idempotency key instead of refunding twice', async () => {
    const payment = await newPayment(1000);
    await approve(payment.approvalUrl);
    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    const input = {
      amountCents: 300,
      currency: 'eur' as const,
      idempotencyKey: randomUUID(),
      reason: 'x',
    };
    const first = await paypal.refund(captureId, input);
    const again = await paypal.refund(captureId, input);
    expect(again.refundId).toBe(first.refundId);
    expect((await paypal.getPayment(payment.providerRef)).refundedCents).toBe(300);
  });

  it('answers the same order to a repeated create key, so a retry makes no second order', async () => {
    const input = {
      orderId: 'ord_retry',
      amountCents: 500,
      currency: 'gbp' as const,
      description: 'Gift card',
      returnUrl: `${SHOP}/r`,
      cancelUrl: `${SHOP}/c`,
      idempotencyKey: randomUUID(),
    };
    const first = await paypal.createPayment(input);
    const again = await paypal.createPayment(input);
    expect(again.providerRef).toBe(first.providerRef);
    expect((await paypal.getPayment(first.providerRef)).currency).toBe('gbp');
  });

  it('sends the buyer who cancels back to the cancel URL, the order still unpaid', async () => {
    const payment = await newPayment();
    const res = await clickButton(payment.approvalUrl, 'Cancel and return to the shop');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${SHOP}/checkout/paypal/cancel?token=${payment.providerRef}`);
    expect((await paypal.getPayment(payment.providerRef)).status).toBe('created');
  });

  it('answers NOT_FOUND for an unknown order', async () => {
    const err = await rejection(paypal.getPayment('NOSUCHORDER000000'));
    expect(err).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('refuses bad client credentials', async () => {
    const err = await rejection(clientFor({ clientSecret: 'wrong' }).getPayment('X'));
    expect(err.code).toBe('UNAUTHORIZED');
  });

  it('refuses an amount with more decimals than the currency has', async () => {
    const res = await rawCall('/v2/checkout/orders', {
      body: {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '12.345' } }],
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'INVALID_PARAMETER_VALUE', field: '/purchase_units/0/amount/value' }],
    });
  });
});

describe('PayPal: capturing once', () => {
  it('answers the same capture to the same key, and the existing one to a new key', async () => {
    const payment = await newPayment(2500);
    await approve(payment.approvalUrl);
    const key = `capture-${payment.orderId}`;
    const first = await paypal.capture(payment.providerRef, { idempotencyKey: key });
    const replay = await paypal.capture(payment.providerRef, { idempotencyKey: key });
    expect(replay).toEqual(first);

    // PayPal itself refuses a second capture under a new key …
    const raw = await rawCall(`/v2/checkout/orders/${payment.providerRef}/capture`, {
      headers: { 'paypal-request-id': randomUUID() },
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    // … which the client reports as the capture that exists: one charge, whoever asks.
    const racing = await paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    expect(racing).toEqual({ ...first, alreadyCaptured: true });
  });

  it('refuses to capture before the buyer approved', async () => {
    const payment = await newPayment();
    const err = await rejection(
      paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({ code: 'NOT_APPROVED', providerCode: 'ORDER_NOT_APPROVED' });
  });

  it('reports a declined capture when the buyer paid with a card that is declined', async () => {
    const payment = await newPayment();
    await approve(payment.approvalUrl, 'Use a card that will be declined');
    const err = await rejection(
      paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({
      code: 'DECLINED',
      providerCode: 'INSTRUMENT_DECLINED',
      httpStatus: 422,
    });
    expect((await paypal.getPayment(payment.providerRef)).captureId).toBeNull();
  });

  it('honours PayPal-Mock-Response on a capture, as PayPal’s own sandbox does', async () => {
    const payment = await newPayment();
    await approve(payment.approvalUrl);
    const raw = await rawCall(`/v2/checkout/orders/${payment.providerRef}/capture`, {
      headers: { 'paypal-mock-response': '{"mock_application_codes":"INSTRUMENT_DECLINED"}' },
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({ details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    // Nothing was captured: a normal capture still goes through.
    const capture = await paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    expect(capture.status).toBe('captured');
  });
});

describe('PayPal: webhooks', () => {
  it('delivers a capture event that verifies, and refuses it once tampered with', async () => {
    const payment = await newPayment(4321);
    await approve(payment.approvalUrl);
    const approved = await receiver.waitFor(
      (d) =>
        d.rawBody.includes('CHECKOUT.ORDER.APPROVED') && d.rawBody.includes(payment.providerRef),
    );
    expect(await paypal.verifyWebhook(approved.headers, approved.rawBody)).toMatchObject({
      type: 'approved',
      providerRef: payment.providerRef,
      orderId: payment.orderId,
      amountCents: 4321,
    });

    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    const delivery = await receiver.waitFor(
      (d) => d.rawBody.includes('PAYMENT.CAPTURE.COMPLETED') && d.rawBody.includes(captureId),
    );
    expect(delivery.headers).toMatchObject({
      'paypal-transmission-id': expect.any(String),
      'paypal-transmission-sig': expect.any(String),
      'paypal-auth-algo': 'SHA256withRSA',
    });
    const event = await paypal.verifyWebhook(delivery.headers, delivery.rawBody);
    expect(event).toEqual({
      provider: 'paypal',
      eventId: expect.stringMatching(/^WH-/),
      type: 'captured',
      providerType: 'PAYMENT.CAPTURE.COMPLETED',
      providerRef: payment.providerRef,
      orderId: payment.orderId,
      captureId,
      amountCents: 4321,
      currency: 'eur',
    });

    const tampered = delivery.rawBody.replace('"43.21"', '"0.01"');
    expect(tampered).not.toBe(delivery.rawBody);
    expect(await paypal.verifyWebhook(delivery.headers, tampered)).toBeNull();
    expect(
      await paypal.verifyWebhook(
        { ...delivery.headers, 'paypal-transmission-time': new Date().toISOString() },
        delivery.rawBody,
      ),
    ).toBeNull();
    const unsigned = { ...delivery.headers };
    delete unsigned['paypal-transmission-sig'];
    expect(await paypal.verifyWebhook(unsigned, delivery.rawBody)).toBeNull();
    expect(await paypal.verifyWebhook(delivery.headers, 'not json')).toBeNull();
    // Signed for another webhook id: not ours.
    const other = clientFor({ webhookId: 'WH-SOMEONE-ELSE' });
    expect(await other.verifyWebhook(delivery.headers, delivery.rawBody)).toBeNull();
  });

  it('delivers a refund event naming the refunded capture', async () => {
    const payment = await newPayment(1500);
    await approve(payment.approvalUrl);
    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    const { refundId } = await paypal.refund(captureId, {
      amountCents: 700,
      currency: 'eur',
      idempotencyKey: randomUUID(),
      reason: 'Key did not work',
      orderId: payment.orderId,
    });
    const delivery = await receiver.waitFor((d) => d.rawBody.includes(refundId));
    expect(
      await paypal.verifyWebhook(new Headers(delivery.headers), delivery.rawBody),
    ).toMatchObject({
      type: 'refunded',
      captureId,
      orderId: payment.orderId,
      amountCents: 700,
    });
  });
});

describe('PayPal sandbox: durability', () => {
  it('keeps orders, captures and undelivered webhooks across a restart', async () => {
    const payment = await newPayment(999);
    await approve(payment.approvalUrl);
    // The receiver is down while the capture happens: the event must wait, not vanish.
    receiver.answer(503);
    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: 'cap-durable',
    });
    const port = sandbox.port;
    await sandbox.close();
    receiver.answer(200);

    sandbox = await startPaypalSandbox({ port, dir: state.dir, webhookUrl: receiver.url });
    // The client's cached token still works: the sandbox kept it too.
    expect(await paypal.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId,
      capturedCents: 999,
    });
    const again = await paypal.capture(payment.providerRef, { idempotencyKey: 'cap-durable' });
    expect(again).toMatchObject({ captureId, alreadyCaptured: false });
    const delivery = await receiver.waitFor(
      (d) => d.rawBody.includes('PAYMENT.CAPTURE.COMPLETED') && d.rawBody.includes(captureId),
    );
    expect((await paypal.verifyWebhook(delivery.headers, delivery.rawBody))?.type).toBe('captured');
  });
});
