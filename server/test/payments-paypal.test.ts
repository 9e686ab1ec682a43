import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../src/integrations/payments/payment-provider.ts';
import { createPaypalClient } from '../src/integrations/payments/paypal/paypal-client.ts';
import {
  PAYPAL_SANDBOX_CREDENTIALS,
  startPaypalSandbox,
  type PaypalSandbox,
} from '../src/sandboxes/paypal/index.ts';
import {
  clickButton,
  rejection,
  startWebhookReceiver,
  tempDir,
  SHOP,
  newPayment as newPaymentFor,
  paypalSandboxToken,
} from './payments-helpers.ts';

// What only PayPal has: its ids, approval page, raw API answers and transmission signatures. The
// cases both providers share (refunds, idempotency, failures, webhooks, restarts) are in
// payment-provider-contract.test.ts.

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

const newPayment = (amountCents?: number) =>
  newPaymentFor(paypal, { currency: 'eur', returnPath: '/checkout/paypal', amountCents });

/** Clicks "Pay now" on the approval page and checks where PayPal sends the buyer. */
async function approve(approvalUrl: string, button = 'Pay now') {
  const res = await clickButton(approvalUrl, button);
  expect(res.status).toBe(303);
  return new URL(res.location!);
}

/** A raw call to the sandbox's REST API with a fresh token, for answers the client hides. */
async function rawCall(path: string, init: { body?: unknown; headers?: Record<string, string> }) {
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await paypalSandboxToken(sandbox.url)}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: JSON.stringify(init.body ?? {}),
  });
}

describe('PayPal: orders and the approval page', () => {
  it('shows the amount to the buyer and returns with the order token and a payer id', async () => {
    const payment = await newPayment(1999);
    expect(payment.providerRef).toMatch(/^[A-Z0-9]{17}$/);
    expect(payment.approvalUrl).toBe(`${sandbox.url}/checkoutnow?token=${payment.providerRef}`);

    const page = await (await fetch(payment.approvalUrl)).text();
    expect(page).toContain('EUR 19.99');
    const back = await approve(payment.approvalUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/paypal/return`);
    expect(back.searchParams.get('token')).toBe(payment.providerRef);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);

    const { captureId } = await paypal.capture(payment.providerRef, {
      idempotencyKey: randomUUID(),
    });
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
    await paypal.refund(captureId, { currency: 'eur', idempotencyKey: randomUUID(), reason: 'x' });
    const over = await rejection(
      paypal.refund(captureId, {
        amountCents: 1,
        currency: 'eur',
        idempotencyKey: randomUUID(),
        reason: 'again',
      }),
    );
    expect(over).toMatchObject({ code: 'REFUND_EXCEEDED', providerCode: 'CAPTURE_FULLY_REFUNDED' });
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

  it('sends the buyer who cancels back with the order token', async () => {
    const payment = await newPayment();
    const res = await clickButton(payment.approvalUrl, 'Cancel and return to the shop');
    expect(res.location).toBe(`${SHOP}/checkout/paypal/cancel?token=${payment.providerRef}`);
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
  it('refuses a second capture under a new key with ORDER_ALREADY_CAPTURED', async () => {
    const payment = await newPayment(2500);
    await approve(payment.approvalUrl);
    const first = await paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    // PayPal itself refuses a second capture under a new key …
    const raw = await rawCall(`/v2/checkout/orders/${payment.providerRef}/capture`, {
      headers: { 'paypal-request-id': randomUUID() },
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    // … which the client reports as the capture that exists (the contract).
    const racing = await paypal.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    expect(racing).toEqual({ ...first, alreadyCaptured: true });
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
  it('signs each delivery as a PayPal transmission, its time covered by the signature', async () => {
    const payment = await newPayment(4321);
    await approve(payment.approvalUrl);
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
    expect(event).toMatchObject({
      eventId: expect.stringMatching(/^WH-/),
      providerRef: payment.providerRef,
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
  });
});
