import { ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { EventType, Locale } from '@market/shared';

export type EventDoc = {
  _id: ObjectId;
  type: EventType;
  path: string;
  /** The referring page without query or fragment; null for direct visits. */
  referrer: string | null;
  locale: Locale;
  /** The signed-in visitor's uid; no other personal data is kept. */
  uid: string | null;
  createdAt: Date;
};

/** Analytics keep 400 days: a full year to compare against, plus a margin. */
export const EVENT_RETENTION_SECONDS = 400 * 24 * 60 * 60;

export const eventIndexes: IndexDescription[] = [
  { key: { createdAt: 1 }, expireAfterSeconds: EVENT_RETENTION_SECONDS },
  // The dashboard counts one type of event over a period.
  { key: { type: 1, createdAt: 1 } },
];

/** The only code that touches the `events` collection (storefront analytics). */
export function createEventRepository(db: Db) {
  const events = db.collection<EventDoc>('events');
  return {
    async add(event: Omit<EventDoc, '_id'>): Promise<void> {
      await events.insertOne({ _id: new ObjectId(), ...event });
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
