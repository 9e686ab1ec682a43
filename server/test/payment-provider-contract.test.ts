import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '@market/shared';
import { createCheckoutClient } from '../src/integrations/payments/checkout-com/checkout-client.ts';
import type {
  PaymentProvider,
  PaymentProviderName,
} from '../src/integrations/payments/payment-provider.ts';
import { createPaypalClient } from '../src/integrations/payments/paypal/paypal-client.ts';
import {
  CHECKOUT_SANDBOX_CREDENTIALS,
  CHECKOUT_TEST_CARDS,
  startCheckoutSandbox,
} from '../src/sandboxes/checkout-com/index.ts';
import { PAYPAL_SANDBOX_CREDENTIALS, startPaypalSandbox } from '../src/sandboxes/paypal/index.ts';
import {
  clickButton,
  rejection,
  startWebhookReceiver,
  tempDir,
  waitForEvent,
  SHOP,
  newPayment as newPaymentFor,
} from './payments-helpers.ts';

/*
 * The contract of `PaymentProvider` (integrations/payments/payment-provider.ts), which the
 * checkout relies on without knowing the provider: each real client against its local sandbox,
 * the same cases for both. What only one provider has (its ids, pages, raw API answers) is in
 * payments-paypal.test.ts and payments-checkout.test.ts.
 */

type Sandbox = { url: string; port: number; close(): Promise<void> };

/** What differs between providers for the same case: how the buyer acts, what errors say. */
type ProviderUnderTest = {
  name: PaymentProviderName;
  currency: Currency;
  start(opts: { port: number; dir: string; webhookUrl: string }): Promise<Sandbox>;
  /** The real client against the sandbox; `wrong` gives it someone else's secret. */
  client(baseUrl: string, wrong?: 'credentials' | 'webhook secret'): PaymentProvider;
  /** The buyer on the provider's page: pays, pays with an instrument whose capture fails, cancels. */
  pay(approvalUrl: string): ReturnType<typeof clickButton>;
  payWithCaptureDeclined(approvalUrl: string): ReturnType<typeof clickButton>;
  cancel(approvalUrl: string): ReturnType<typeof clickButton>;
  unknownRefs: string[];
  /** The provider's own code for a refund past what is left, and for a declined capture. */
  refundExceededCode: string;
  captureDeclinedCode: string;
  capturedEventType: string;
  signatureHeader: string;
};

const paypal: ProviderUnderTest = {
  name: 'paypal',
  currency: 'eur',
  start: (opts) => startPaypalSandbox(opts),
  client: (baseUrl, wrong) =>
    createPaypalClient({
      baseUrl,
      clientId: PAYPAL_SANDBOX_CREDENTIALS.clientId,
      clientSecret: wrong === 'credentials' ? 'wrong' : PAYPAL_SANDBOX_CREDENTIALS.clientSecret,
      webhookId:
        wrong === 'webhook secret' ? 'WH-SOMEONE-ELSE' : PAYPAL_SANDBOX_CREDENTIALS.webhookId,
    }),
  pay: (url) => clickButton(url, 'Pay now'),
  payWithCaptureDeclined: (url) => clickButton(url, 'Use a card that will be declined'),
  cancel: (url) => clickButton(url, 'Cancel and return to the shop'),
  unknownRefs: ['NOSUCHORDER000000'],
  refundExceededCode: 'REFUND_AMOUNT_EXCEEDED',
  captureDeclinedCode: 'INSTRUMENT_DECLINED',
  capturedEventType: 'PAYMENT.CAPTURE.COMPLETED',
  signatureHeader: 'paypal-transmission-sig',
};

const checkout: ProviderUnderTest = {
  name: 'checkout',
  currency: 'usd',
  start: (opts) => startCheckoutSandbox(opts),
  client: (baseUrl, wrong) =>
    createCheckoutClient({
      baseUrl,
      secretKey: wrong === 'credentials' ? 'sk_sbox_wrong' : CHECKOUT_SANDBOX_CREDENTIALS.secretKey,
      webhookSecret:
        wrong === 'webhook secret'
          ? 'someone-elses-key'
          : CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret,
    }),
  pay: (url) => clickButton(url, 'Pay'),
  payWithCaptureDeclined: (url) =>
    clickButton(url, 'Pay', { card_number: CHECKOUT_TEST_CARDS.captureDeclined }),
  cancel: (url) => clickButton(url, 'Cancel'),
  unknownRefs: ['hpp_nosuchpage0', 'pay_nosuchpayment'],
  refundExceededCode: 'refund_amount_exceeds_balance',
  captureDeclinedCode: '20005',
  capturedEventType: 'payment_captured',
  signatureHeader: 'cko-signature',
};

describe.each([paypal, checkout])('payment provider contract: $name', (provider) => {
  let sandbox: Sandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let state: ReturnType<typeof tempDir>;
  let client: PaymentProvider;
  const currency = provider.currency;

  beforeAll(async () => {
    state = tempDir();
    receiver = await startWebhookReceiver();
    sandbox = await provider.start({ port: 0, dir: state.dir, webhookUrl: receiver.url });
    client = provider.client(sandbox.url);
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    state.remove();
  });

  const newPayment = (amountCents?: number) =>
    newPaymentFor(client, { currency: currency, returnPath: '/checkout', amountCents });

  /** The buyer pays on the provider's page and lands back on the shop's return URL. */
  async function pay(approvalUrl: string) {
    const res = await provider.pay(approvalUrl);
    expect(res.status).toBe(303);
    const back = new URL(res.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/return`);
  }

  async function captured(amountCents: number) {
    const payment = await newPayment(amountCents);
    await pay(payment.approvalUrl);
    const capture = await client.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    return { payment, captureId: capture.captureId };
  }

  it('takes a payment from creation to a full refund, amounts in cents throughout', async () => {
    const payment = await newPayment(1999);
    expect(payment.status).toBe('created');
    expect(new URL(payment.approvalUrl).origin).toBe(sandbox.url);
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'created',
      orderId: payment.orderId,
      captureId: null,
    });

    await pay(payment.approvalUrl);
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'approved',
      orderId: payment.orderId,
      amountCents: 1999,
      currency,
      captureId: null,
    });

    const capture = await client.capture(payment.providerRef, {
      idempotencyKey: `capture-${payment.orderId}`,
    });
    expect(capture).toEqual({
      captureId: expect.any(String),
      status: 'captured',
      amountCents: 1999,
      currency,
      alreadyCaptured: false,
    });
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId: capture.captureId,
      capturedCents: 1999,
      refundedCents: 0,
      instrument: expect.stringMatching(new RegExp(`^${provider.name}:.+`)),
    });

    const partial = await client.refund(capture.captureId, {
      amountCents: 500,
      currency,
      idempotencyKey: `refund-1-${payment.orderId}`,
      reason: 'Key already redeemed',
      orderId: payment.orderId,
    });
    expect(partial).toEqual({ refundId: expect.any(String), status: 'completed' });
    // A partial refund leaves the payment captured, with what was given back.
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      refundedCents: 500,
    });

    const rest = await client.refund(capture.captureId, {
      currency,
      idempotencyKey: `refund-2-${payment.orderId}`,
      reason: 'Order cancelled',
    });
    expect(rest.refundId).not.toBe(partial.refundId);
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'refunded',
      refundedCents: 1999,
    });

    const over = await rejection(
      client.refund(capture.captureId, {
        amountCents: 1,
        currency,
        idempotencyKey: randomUUID(),
        reason: 'again',
      }),
    );
    expect(over).toMatchObject({ code: 'REFUND_EXCEEDED', provider: provider.name });
  });

  it('refuses a partial refund larger than what is left', async () => {
    const { captureId } = await captured(1000);
    await client.refund(captureId, {
      amountCents: 600,
      currency,
      idempotencyKey: randomUUID(),
      reason: 'partial',
    });
    const err = await rejection(
      client.refund(captureId, {
        amountCents: 401,
        currency,
        idempotencyKey: randomUUID(),
        reason: 'too much',
      }),
    );
    expect(err).toMatchObject({
      code: 'REFUND_EXCEEDED',
      providerCode: provider.refundExceededCode,
    });
  });

  it('repeats a refund for a repeated idempotency key instead of refunding twice', async () => {
    const { payment, captureId } = await captured(1000);
    const input = { amountCents: 300, currency, idempotencyKey: randomUUID(), reason: 'x' };
    const first = await client.refund(captureId, input);
    const again = await client.refund(captureId, input);
    expect(again.refundId).toBe(first.refundId);
    expect((await client.getPayment(payment.providerRef)).refundedCents).toBe(300);
  });

  it('sends the buyer who cancels to the cancel URL, the payment still unpaid', async () => {
    const payment = await newPayment();
    const res = await provider.cancel(payment.approvalUrl);
    expect(res.status).toBe(303);
    const back = new URL(res.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout/cancel`);
    expect((await client.getPayment(payment.providerRef)).status).toBe('created');
  });

  it('answers NOT_FOUND for an unknown payment and UNAUTHORIZED for wrong credentials', async () => {
    for (const ref of provider.unknownRefs) {
      expect(await rejection(client.getPayment(ref))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
      });
    }
    const wrong = provider.client(sandbox.url, 'credentials');
    expect(await rejection(wrong.getPayment(provider.unknownRefs[0]!))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('captures once: the same key answers the same capture, a new key the existing one', async () => {
    const payment = await newPayment(2500);
    await pay(payment.approvalUrl);
    const key = `capture-${payment.orderId}`;
    const first = await client.capture(payment.providerRef, { idempotencyKey: key });
    expect(await client.capture(payment.providerRef, { idempotencyKey: key })).toEqual(first);
    const racing = await client.capture(payment.providerRef, { idempotencyKey: randomUUID() });
    expect(racing).toEqual({ ...first, alreadyCaptured: true });
    expect(await client.getPayment(payment.providerRef)).toMatchObject({ capturedCents: 2500 });
  });

  it('refuses to capture before the buyer approved', async () => {
    const payment = await newPayment();
    const err = await rejection(
      client.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err.code).toBe('NOT_APPROVED');
    expect((await client.getPayment(payment.providerRef)).status).toBe('created');
  });

  it('reports a declined capture as DECLINED, nothing captured', async () => {
    const payment = await newPayment();
    expect((await provider.payWithCaptureDeclined(payment.approvalUrl)).status).toBe(303);
    expect((await client.getPayment(payment.providerRef)).status).toBe('approved');
    const err = await rejection(
      client.capture(payment.providerRef, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({ code: 'DECLINED', providerCode: provider.captureDeclinedCode });
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      captureId: null,
      capturedCents: 0,
    });
  });

  it('delivers a signed event when the buyer approves', async () => {
    const payment = await newPayment(1234);
    await pay(payment.approvalUrl);
    const { event } = await waitForEvent(
      receiver,
      client,
      (e) => e.type === 'approved' && e.orderId === payment.orderId,
    );
    expect(event).toMatchObject({ provider: provider.name, captureId: null });
    // The event's reference is one getPayment takes.
    expect((await client.getPayment(event.providerRef!)).orderId).toBe(payment.orderId);
  });

  it('delivers a capture event that verifies, and refuses it forged, unsigned or foreign', async () => {
    const { payment, captureId } = await captured(4321);
    const { delivery, event } = await waitForEvent(
      receiver,
      client,
      (e) => e.type === 'captured' && e.captureId === captureId,
    );
    expect(event).toEqual({
      provider: provider.name,
      eventId: expect.any(String),
      type: 'captured',
      providerType: provider.capturedEventType,
      providerRef: expect.any(String),
      orderId: payment.orderId,
      captureId,
      amountCents: 4321,
      currency,
    });
    expect((await client.getPayment(event.providerRef!)).orderId).toBe(payment.orderId);
    // The same delivery again verifies again (deliveries repeat; the event id says it is one).
    expect((await client.verifyWebhook(delivery.headers, delivery.rawBody))?.eventId).toBe(
      event.eventId,
    );

    // Someone pointing the capture at another order: the signature no longer holds.
    const forged = delivery.rawBody.replaceAll(payment.orderId, 'ord_attacker');
    expect(forged).not.toBe(delivery.rawBody);
    expect(await client.verifyWebhook(delivery.headers, forged)).toBeNull();
    const unsigned = { ...delivery.headers };
    delete unsigned[provider.signatureHeader];
    expect(await client.verifyWebhook(unsigned, delivery.rawBody)).toBeNull();
    expect(await client.verifyWebhook(delivery.headers, 'not json')).toBeNull();
    const foreign = provider.client(sandbox.url, 'webhook secret');
    expect(await foreign.verifyWebhook(delivery.headers, delivery.rawBody)).toBeNull();
  });

  it('delivers a refund event naming the refunded capture and the amount', async () => {
    const { payment, captureId } = await captured(1500);
    await client.refund(captureId, {
      amountCents: 700,
      currency,
      idempotencyKey: randomUUID(),
      reason: 'Key did not work',
      orderId: payment.orderId,
    });
    const { event } = await waitForEvent(
      receiver,
      client,
      (e) => e.type === 'refunded' && e.captureId === captureId,
    );
    expect(event).toMatchObject({ orderId: payment.orderId, amountCents: 700, currency });
  });

  it('keeps payments, captures and undelivered webhooks across a sandbox restart', async () => {
    const payment = await newPayment(999);
    await pay(payment.approvalUrl);
    // The receiver is down while the capture happens: the event must wait, not vanish.
    receiver.answer(503);
    const { captureId } = await client.capture(payment.providerRef, {
      idempotencyKey: 'cap-durable',
    });
    const port = sandbox.port;
    await sandbox.close();
    receiver.answer(200);

    sandbox = await provider.start({ port, dir: state.dir, webhookUrl: receiver.url });
    // The same client goes on working (PayPal: its cached token was kept too).
    expect(await client.getPayment(payment.providerRef)).toMatchObject({
      status: 'captured',
      captureId,
      capturedCents: 999,
    });
    const again = await client.capture(payment.providerRef, { idempotencyKey: 'cap-durable' });
    expect(again).toMatchObject({ captureId, alreadyCaptured: false });
    await waitForEvent(receiver, client, (e) => e.type === 'captured' && e.captureId === captureId);
  });
});
