import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { WebhookEventType } from '@market/shared';

/** A seller's endpoint. The signing secret is sealed by the key vault: we need it to sign. */
export type WebhookEndpointDoc = {
  _id: ObjectId;
  sellerId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  secretHint: string;
  enabled: boolean;
  /** Failed attempts since the last delivered one; at the limit the endpoint is disabled. */
  consecutiveFailures: number;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type DeliveryAttempt = { at: Date; statusCode: number | null; error: string | null };

/**
 * One event for one endpoint, stored before any attempt (a crash loses none): `pending` until a
 * 2xx answer (`delivered`) or the last attempt (`failed`). `leaseUntil` marks an attempt under
 * way; one a crash left is taken again once it passes (at least once, the event id for dedupe).
 */
export type WebhookDeliveryDoc = {
  _id: ObjectId;
  endpointId: ObjectId;
  sellerId: string;
  eventId: string;
  type: WebhookEventType;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  /** The latest attempts, newest last (a few kept). */
  log: DeliveryAttempt[];
  createdAt: Date;
};

export const webhookEndpointIndexes: IndexDescription[] = [
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  // The sellers listening to an event type.
  { key: { events: 1, enabled: 1 } },
];
export const webhookDeliveryIndexes: IndexDescription[] = [
  // One delivery per event and endpoint: recording an event twice (a retried hook) adds nothing.
  { key: { endpointId: 1, eventId: 1 }, unique: true },
  // The delivery job's scan: due deliveries, soonest first, unleased or their lease expired.
  { key: { status: 1, nextAttemptAt: 1, leaseUntil: 1 } },
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
];

const KEEP_ATTEMPTS = 20;
const SORTABLE = new Set(['createdAt', 'status', 'type', 'attempts', 'nextAttemptAt']);

export type DeliveryFilter = {
  endpointId?: ObjectId | undefined;
  status?: WebhookDeliveryDoc['status'] | undefined;
  type?: WebhookEventType | undefined;
  /** getMany's ids. */
  ids?: ObjectId[] | undefined;
};

/** The only code that touches `webhookEndpoints` and `webhookDeliveries`. */
export function createWebhookRepository(db: Db) {
  const endpoints = db.collection<WebhookEndpointDoc>('webhookEndpoints');
  const deliveries = db.collection<WebhookDeliveryDoc>('webhookDeliveries');
  return {
    insertEndpoint: (doc: WebhookEndpointDoc) => endpoints.insertOne(doc),
    findEndpoint: (id: ObjectId) => endpoints.findOne({ _id: id }),
    countEndpoints: (sellerId: string) => endpoints.countDocuments({ sellerId }),
    findOwnEndpoint: (id: ObjectId, sellerId: string) => endpoints.findOne({ _id: id, sellerId }),
    /** A page of the seller's endpoints, newest first; `ids` (getMany) narrows it to those. */
    async endpointsOfSeller(sellerId: string, skip: number, limit: number, ids?: ObjectId[]) {
      const query = { sellerId, ...(ids && { _id: { $in: ids } }) };
      const [rows, total] = await Promise.all([
        endpoints.find(query).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
        endpoints.countDocuments(query),
      ]);
      return { rows, total };
    },
    /** The seller's enabled endpoints that listen to `type` (and existed at `asOf`, when given). */
    listeners: (sellerId: string, type: WebhookEventType, asOf?: Date) =>
      endpoints
        .find({ sellerId, enabled: true, events: type, ...(asOf && { createdAt: { $lte: asOf } }) })
        .toArray(),
    /** The sellers with an enabled endpoint listening to `type`. */
    async sellersListening(type: WebhookEventType): Promise<string[]> {
      const rows = await endpoints
        .find({ enabled: true, events: type }, { projection: { sellerId: 1 } })
        .toArray();
      return [...new Set(rows.map((r) => r.sellerId))];
    },
    updateOwnEndpoint: (
      id: ObjectId,
      sellerId: string,
      set: Partial<
        Pick<
          WebhookEndpointDoc,
          'url' | 'events' | 'enabled' | 'consecutiveFailures' | 'disabledReason'
        >
      >,
      at: Date,
    ) =>
      endpoints.findOneAndUpdate(
        { _id: id, sellerId },
        { $set: { ...set, updatedAt: at } },
        { returnDocument: 'after' },
      ),
    removeOwnEndpoint: (id: ObjectId, sellerId: string) =>
      endpoints.findOneAndDelete({ _id: id, sellerId }),
    endpointSucceeded: (id: ObjectId) =>
      endpoints.updateOne({ _id: id }, { $set: { consecutiveFailures: 0 } }),
    /** Counts a failure; disables the endpoint when it reaches `limit`. The endpoint after. */
    async endpointFailed(id: ObjectId, limit: number, at: Date) {
      const after = await endpoints.findOneAndUpdate(
        { _id: id },
        { $inc: { consecutiveFailures: 1 } },
        { returnDocument: 'after' },
      );
      if (after?.enabled && after.consecutiveFailures >= limit) {
        await endpoints.updateOne(
          { _id: id, enabled: true },
          {
            $set: {
              enabled: false,
              disabledReason: `Disabled after ${after.consecutiveFailures} failed deliveries in a row`,
              updatedAt: at,
            },
          },
        );
      }
      return after;
    },

    /** Records the event for the endpoint unless it already is. */
    recordDelivery: (doc: WebhookDeliveryDoc) =>
      deliveries.updateOne(
        { endpointId: doc.endpointId, eventId: doc.eventId },
        { $setOnInsert: doc },
        { upsert: true },
      ),
    findOwnDelivery: (id: ObjectId, sellerId: string) => deliveries.findOne({ _id: id, sellerId }),
    async deliveriesOfSeller(
      sellerId: string,
      q: { skip: number; limit: number; sort: { field: string; order: 1 | -1 } | null },
      f: DeliveryFilter,
    ) {
      const query: Filter<WebhookDeliveryDoc> = { sellerId };
      if (f.endpointId) query.endpointId = f.endpointId;
      if (f.status) query.status = f.status;
      if (f.type) query.type = f.type;
      if (f.ids) query._id = { $in: f.ids };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        deliveries
          .find(query)
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        deliveries.countDocuments(query),
      ]);
      return { rows, total };
    },
    /** Ids of pending deliveries due by `asOf` (attempts under way excluded until their lease ends). */
    dueIds: async (asOf: Date, limit: number) =>
      (
        await deliveries
          .find(
            {
              status: 'pending',
              nextAttemptAt: { $lte: asOf },
              $or: [{ leaseUntil: null }, { leaseUntil: { $lte: new Date() } }],
            },
            { projection: { _id: 1 } },
          )
          .sort({ nextAttemptAt: 1 })
          .limit(limit)
          .toArray()
      ).map((d) => d._id),
    /** Takes a due delivery for one attempt; null when another run has it, or it is no longer due. */
    lease: (id: ObjectId, asOf: Date, until: Date) =>
      deliveries.findOneAndUpdate(
        {
          _id: id,
          status: 'pending',
          nextAttemptAt: { $lte: asOf },
          $or: [{ leaseUntil: null }, { leaseUntil: { $lte: new Date() } }],
        },
        { $set: { leaseUntil: until } },
        { returnDocument: 'after' },
      ),
    /** The attempt's outcome; only by the run holding the lease. */
    settle: (
      id: ObjectId,
      lease: Date,
      outcome: Pick<
        WebhookDeliveryDoc,
        'status' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
      >,
      attempt: DeliveryAttempt,
    ) =>
      deliveries.updateOne(
        { _id: id, leaseUntil: lease },
        {
          $set: { ...outcome, leaseUntil: null },
          $inc: { attempts: 1 },
          $push: { log: { $each: [attempt], $slice: -KEEP_ATTEMPTS } },
        },
      ),
    /** Queues a delivery again now, with a fresh budget of attempts (the seller's resend). */
    requeueOwn: (id: ObjectId, sellerId: string, at: Date) =>
      deliveries.findOneAndUpdate(
        { _id: id, sellerId, leaseUntil: null },
        { $set: { status: 'pending', attempts: 0, nextAttemptAt: at, deliveredAt: null } },
        { returnDocument: 'after' },
      ),
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
