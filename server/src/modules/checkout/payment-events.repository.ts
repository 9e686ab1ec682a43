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
  /** Set once the event's settlement finished; until then a later delivery may take it over. */
  handledAt: Date | null;
};

/**
 * A claimed event whose handler has not finished after this long is taken to have died with its
 * process (a crash between claim and settlement): the provider's next delivery handles it again.
 * Settlement is idempotent, so a slow handler overtaken by a redelivery does no harm.
 */
const ABANDONED_AFTER_MS = 2 * 60_000;

/** Providers redeliver for a few days at most (PayPal 3, Checkout.com less): keep ids a month. */
const KEEP_SECONDS = 30 * 86_400;

export const paymentEventIndexes: IndexDescription[] = [
  { key: { receivedAt: 1 }, expireAfterSeconds: KEEP_SECONDS },
];

/** The only code that touches `paymentEvents`: the webhook events already taken in. */
export function createPaymentEventRepository(db: Db) {
  const events = db.collection<PaymentEventDoc>('paymentEvents');
  return {
    /**
     * Takes the event in for handling; false when it was handled before, or is being handled right
     * now (a repeated delivery). An event claimed long ago and never marked handled is taken over.
     */
    async claim(event: PaymentEvent, at: Date): Promise<boolean> {
      const _id = `${event.provider}:${event.eventId}`;
      try {
        await events.insertOne({
          _id,
          type: event.type,
          providerType: event.providerType,
          orderId: event.orderId,
          providerRef: event.providerRef,
          receivedAt: at,
          handledAt: null,
        });
        return true;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
      }
      const abandoned = await events.findOneAndUpdate(
        { _id, handledAt: null, receivedAt: { $lt: new Date(at.getTime() - ABANDONED_AFTER_MS) } },
        { $set: { receivedAt: at } },
      );
      return abandoned !== null;
    },
    /** Marks the event handled: later deliveries of it are only acknowledged. */
    handled: (event: PaymentEvent, at: Date) =>
      events.updateOne({ _id: `${event.provider}:${event.eventId}` }, { $set: { handledAt: at } }),
    /** Forgets an event that could not be handled, so the provider's next delivery is. */
    forget: (event: PaymentEvent) =>
      events.deleteOne({ _id: `${event.provider}:${event.eventId}` }),
  };
}
export type PaymentEventRepository = ReturnType<typeof createPaymentEventRepository>;
