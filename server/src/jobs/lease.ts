import { randomBytes } from 'node:crypto';
import { MongoServerError, type Db } from 'mongodb';
import type { Logger } from '../logger.ts';
import { leaseTakeovers } from '../observability/metrics.ts';
import { instanceId } from '../observability/instance.ts';

/**
 * One claim on a unit of work, `_id` `<kind>:<key>` (`job:supplier-sync`,
 * `supplier-purchase:<clientRef>`, …). `owner` is the instance (for people and the System
 * page); `token` is this one holding (two holders in one process are still two), and every
 * renewal and release is conditional on it, so a holder that lost its lease can never extend or
 * drop its successor's.
 */
export type LeaseDoc = {
  _id: string;
  owner: string;
  token: string;
  /** On the database's clock: every instance compares against the same time. */
  expiresAt: Date;
  acquiredAt: Date;
  heartbeatAt: Date;
};

/** A lease this process holds: `signal` aborts when a renewal fails (the work must stop). */
export type HeldLease = {
  id: string;
  token: string;
  /** True when the lease was taken from a holder that stopped renewing it (a crash, a hang). */
  takenOver: boolean;
  signal: AbortSignal;
  /** False once a renewal failed or the lease was released: do nothing more under it. */
  readonly held: boolean;
  /** Extends the lease now (the heartbeat does this by itself); false when it was lost. */
  renew(): Promise<boolean>;
  /** Stops the heartbeat and frees the lease for the next taker at once. */
  release(): Promise<void>;
};

export type LeaseOptions = {
  /** How long the lease lasts without a renewal. */
  ttlMs: number;
  /** Renewal period while the work runs (default a third of the TTL: two renewals may fail). */
  heartbeatMs?: number;
};

const kindOf = (id: string) => id.slice(0, Math.max(0, id.indexOf(':'))) || id;

/**
 * Leases in the `leases` collection: taken by one conditional upsert (the document is absent,
 * or its `expiresAt` is past on the database's own `$$NOW`), so among any number of processes
 * at most one holds a lease at a time whatever their clocks say. The holder renews it while its
 * work runs and deletes it at the end; a holder that dies leaves it to expire, and the next
 * taker counts a takeover (`lease_takeovers_total`).
 *
 * Written here rather than taken from an npm lock library (mongodb-lock, mongo-locks,
 * mongo-lock-node, or Agenda's job locks): they compare expiry with the caller's clock, have no
 * heartbeat that aborts the work when a renewal fails, or bring a scheduler of their own; this
 * is one collection and three conditional writes, against the driver the shop already uses.
 */
export function createLeases(db: Db, options: { owner?: string; log?: Logger } = {}) {
  const leases = db.collection<LeaseDoc>('leases');
  const owner = options.owner ?? instanceId;

  /** Takes the lease when free or expired; null when someone else holds it. */
  async function take(
    id: string,
    ttlMs: number,
  ): Promise<{ token: string; takenOver: boolean } | null> {
    const token = randomBytes(9).toString('base64url');
    try {
      const before = await leases.findOneAndUpdate(
        { _id: id, $expr: { $lt: ['$expiresAt', '$$NOW'] } },
        [
          {
            $set: {
              owner,
              token,
              expiresAt: { $add: ['$$NOW', ttlMs] },
              acquiredAt: '$$NOW',
              heartbeatAt: '$$NOW',
            },
          },
        ],
        { upsert: true, returnDocument: 'before' },
      );
      // An expired document was there: its holder stopped renewing (released ones are deleted).
      const takenOver = before !== null;
      if (takenOver) {
        leaseTakeovers.inc({ kind: kindOf(id) });
        options.log?.warn({ lease: id, from: before.owner }, 'lease taken over');
      }
      return { token, takenOver };
    } catch (err) {
      // The upsert met a live lease's `_id`: held by someone else.
      if (err instanceof MongoServerError && err.code === 11000) return null;
      throw err;
    }
  }

  async function renew(id: string, token: string, ttlMs: number): Promise<boolean> {
    const res = await leases.updateOne(
      { _id: id, token, $expr: { $gt: ['$expiresAt', '$$NOW'] } },
      [{ $set: { expiresAt: { $add: ['$$NOW', ttlMs] }, heartbeatAt: '$$NOW' } }],
    );
    return res.matchedCount === 1;
  }

  async function release(id: string, token: string): Promise<void> {
    await leases.deleteOne({ _id: id, token });
  }

  /** Takes the lease and keeps it renewed until `release` (or until a renewal fails). */
  async function acquire(id: string, o: LeaseOptions): Promise<HeldLease | null> {
    const got = await take(id, o.ttlMs);
    if (!got) return null;
    const controller = new AbortController();
    let held = true;
    const lose = (reason: string) => {
      if (!held) return;
      held = false;
      clearInterval(timer);
      options.log?.warn({ lease: id, reason }, 'lease lost: the work under it stops');
      controller.abort(new Error(`lease ${id} lost`));
    };
    const doRenew = async () => {
      if (!held) return false;
      try {
        if (await renew(id, got.token, o.ttlMs)) return true;
        lose('taken by another holder or expired');
      } catch (err) {
        options.log?.warn({ err, lease: id }, 'lease not renewed');
        // One failed round trip is not a lost lease; the TTL covers two more tries.
        return held;
      }
      return false;
    };
    const timer = setInterval(() => void doRenew(), o.heartbeatMs ?? Math.max(1, o.ttlMs / 3));
    timer.unref();
    return {
      id,
      token: got.token,
      takenOver: got.takenOver,
      signal: controller.signal,
      get held() {
        return held;
      },
      renew: doRenew,
      async release() {
        if (!held) return;
        held = false;
        clearInterval(timer);
        await release(id, got.token);
      },
    };
  }

  return {
    acquire,
    /**
     * Runs `fn` under the lease when it can be taken (`ran: false` otherwise), renewing it while
     * `fn` runs and releasing it after, whatever `fn` did.
     */
    async withLease<T>(
      id: string,
      o: LeaseOptions,
      fn: (lease: HeldLease) => Promise<T>,
    ): Promise<{ ran: true; value: T; takenOver: boolean } | { ran: false }> {
      const lease = await acquire(id, o);
      if (!lease) return { ran: false };
      try {
        return { ran: true, value: await fn(lease), takenOver: lease.takenOver };
      } finally {
        await lease.release().catch((err: unknown) =>
          // Left to expire: the next taker waits the TTL out, nothing worse.
          options.log?.warn({ err, lease: id }, 'lease not released'),
        );
      }
    },
    /** Who holds the lease now, if anyone (expired leases are nobody's). */
    async holder(id: string): Promise<LeaseDoc | null> {
      return leases.findOne({ _id: id, $expr: { $gt: ['$expiresAt', '$$NOW'] } });
    },
    owner,
  };
}
export type Leases = ReturnType<typeof createLeases>;
