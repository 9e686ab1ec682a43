import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../integrations/payments/payment-provider.ts';
import { useTestEngine } from '@market/embedded-mongo/testkit';
import { createPaymentEventRepository } from './payment-events.repository.ts';

const t = useTestEngine();

let n = 0;
const event = (): PaymentEvent => ({
  provider: 'paypal',
  eventId: `WH-${n++}`,
  type: 'captured',
  providerType: 'PAYMENT.CAPTURE.COMPLETED',
  providerRef: 'ORDER-1',
  orderId: null,
  captureId: 'CAPTURE-1',
  amountCents: 1234,
  currency: 'eur',
});
const minutes = (m: number) => new Date(Date.UTC(2026, 10, 22, 12, m));

describe('payment event claims', () => {
  it('takes a delivery in once while it is being handled or after it was handled', async () => {
    const events = createPaymentEventRepository(t.db);
    const e = event();
    expect(await events.claim(e, minutes(0))).toBe(true);
    expect(await events.claim(e, minutes(1))).toBe(false);
    await events.handled(e, minutes(1));
    expect(await events.claim(e, minutes(30))).toBe(false);
  });

  it('lets a redelivery take over an event whose handler died before finishing', async () => {
    const events = createPaymentEventRepository(t.db);
    const e = event();
    expect(await events.claim(e, minutes(0))).toBe(true);
    // No `handled`: the process was killed mid-settlement.
    expect(await events.claim(e, minutes(5))).toBe(true);
    expect(await events.claim(e, minutes(6))).toBe(false);
  });

  it('lets the next delivery handle an event whose handling failed', async () => {
    const events = createPaymentEventRepository(t.db);
    const e = event();
    expect(await events.claim(e, minutes(0))).toBe(true);
    await events.forget(e);
    expect(await events.claim(e, minutes(0))).toBe(true);
  });
});
