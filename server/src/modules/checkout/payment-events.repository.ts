import { MongoServerError, type Db, type IndexDescription } from 'mongodb';
import type { PaymentEvent } from '../../integrations/payments/payment-provider.ts';

export type PaymentEventDoc = {
  /** `<provider>:<event id>`: a repeated delivery of the same event fails on the primary key. */
  _id: string;
  type: PaymentEvent['type'];
  providerType: string;
  orderId: string | null;
  providerRef: string | null;
  receivedAt: Date;
};

/** Providers redeliver for a few days at most (PayPal 3, Checkout.com less): keep ids a month. */
const KEEP_SECONDS = 30 * 86_400;

export const paymentEventIndexes: IndexDescription[] = [
  { key: { receivedAt: 1 }, expireAfterSeconds: KEEP_SECONDS },
];

/** The only code that touches `paymentEvents`: the webhook events already taken in. */
export function createPaymentEventRepository(db: Db) {
  const events = db.collection<PaymentEventDoc>('paymentEvents');
  return {
    /** Records the event; false when it was taken in before (a repeated delivery). */
    async claim(event: PaymentEvent, at: Date): Promise<boolean> {
      try {
        await events.insertOne({
          _id: `${event.provider}:${event.eventId}`,
          type: event.type,
          providerType: event.providerType,
          orderId: event.orderId,
          providerRef: event.providerRef,
          receivedAt: at,
        });
        return true;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return false;
        throw err;
      }
    },
    /** Forgets an event that could not be handled, so the provider's next delivery is. */
    forget: (event: PaymentEvent) =>
      events.deleteOne({ _id: `${event.provider}:${event.eventId}` }),
  };
}
export type PaymentEventRepository = ReturnType<typeof createPaymentEventRepository>;
