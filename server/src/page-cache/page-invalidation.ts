import type { ChangeStream, Db, Document, ResumeToken } from 'mongodb';
import { hasChangeStreams } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { changeStreamGaps, changeStreamLagSeconds } from '../observability/metrics.ts';
import type { PageChanges } from './page-changes.ts';
import { EVERY_PAGE, tagsOfWrite, WATCHED_COLLECTIONS, WRITE_TAGS } from './page-tags.ts';
import { watchWrites, type Write } from './write-watch.ts';

/**
 * The subjects of a write (its documents' `field`: an offer's product id), or null when they
 * cannot be told. Documents the write handed back say it; else the ids it named are looked up.
 */
async function subjectsOf(db: Db, write: Write, field: string): Promise<string[] | null> {
  const subjects = write.docs.map((doc) => doc[field] as unknown);
  if (subjects.some((s) => s == null)) return null;
  if (write.ids === null) return null;
  let ids = write.ids;
  if (field === '_id') return [...subjects, ...ids].map(String);
  if (ids.length) {
    const found = await db
      .collection(write.collection)
      .find({ _id: { $in: ids } } as Document, { projection: { [field]: 1 } })
      .toArray();
    // A document gone (deleted) takes its subject with it: unknown then.
    if (found.length < new Set(ids.map(String)).size) return null;
    ids = found.map((doc) => doc[field] as unknown);
  }
  return [...subjects, ...ids].map(String);
}

/** The tags a write touches; every page when it cannot be told. */
export async function tagsOf(db: Db, write: Write): Promise<string[]> {
  const field = WRITE_TAGS[write.collection]?.field;
  const subjects = field ? await subjectsOf(db, write, field) : null;
  return tagsOfWrite(write.collection, subjects);
}

/**
 * `db` as the app uses it: each write that changes public pages publishes their tags on
 * `changes` before it answers, so the writer's next page view already shows it. A failed look-up
 * drops every page rather than leave one stale.
 */
export function invalidatingDb(db: Db, changes: PageChanges, log: Logger): Db {
  return watchWrites(db, WATCHED_COLLECTIONS, async (write) => {
    try {
      changes.publish(await tagsOf(db, write));
    } catch (err) {
      log.warn({ err, collection: write.collection }, 'page tags of a write unknown; all dropped');
      changes.publish([EVERY_PAGE]);
    }
  });
}

/** Every tag a write could touch, in its broad form: what a gap in the change stream drops. */
export const EVERY_TAG: readonly string[] = [
  ...new Set(Object.keys(WRITE_TAGS).flatMap((collection) => tagsOfWrite(collection, null))),
];

/** The events the caches care about: writes to the collections whose writes change them. */
const PIPELINE = [{ $match: { 'ns.coll': { $in: [...WATCHED_COLLECTIONS] } } }];
/** MongoDB's answers when a stream cannot go on from its token: history lost, or fatal. */
const CANNOT_RESUME = new Set([286, 280]);

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** What a change event says was written, as the write watcher would report it. */
function writeOfEvent(event: Document): Write {
  const collection = (event.ns as { coll: string }).coll;
  const full = event.fullDocument as Document | null | undefined;
  const id = (event.documentKey as { _id?: unknown } | undefined)?._id;
  return {
    collection,
    docs: full ? [full] : [],
    ids: full ? [] : id === undefined ? null : [id],
  };
}

/**
 * Every instance's writes, from a MongoDB change stream: what keeps several instances' caches
 * in step (pages, session states, carts, tokens). This instance's own writes come back too, a
 * second harmless drop (the write watcher dropped them before the write answered).
 *
 * The stream goes on from the resume token of the last event handled (the driver's, which also
 * moves on through empty batches): after an error the driver does not resume by itself, it is
 * opened again with `startAfter` that token, so writes made in the gap are still heard. Only
 * when that is impossible (the history is gone: ChangeStreamHistoryLost) is everything dropped
 * — every page, every session state, every cached entry — counted in `change_stream_gaps_total`.
 * Answers the stop, or null when the deployment has no change streams (a standalone mongod).
 */
export async function watchChangeStream(
  db: Db,
  changes: PageChanges,
  log: Logger,
  { retryMs = 1_000 }: { retryMs?: number } = {},
): Promise<(() => Promise<void>) | null> {
  const supported = await hasChangeStreams(db).catch((err: unknown) => {
    log.warn({ err }, 'could not ask MongoDB what it is; no change stream for the caches');
    return false;
  });
  if (!supported) {
    log.warn(
      'MongoDB has no change streams (a standalone server): other instances’ writes reach this instance’s caches only at their TTL',
    );
    return null;
  }
  let stopped = false;
  let stream: ChangeStream | null = null;
  let sleeping: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      sleeping = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const handle = async (event: Document) => {
    const wall = event.wallTime as Date | undefined;
    if (wall instanceof Date)
      changeStreamLagSeconds.set(Math.max(0, Date.now() - wall.getTime()) / 1000);
    if (!event.ns || !event.operationType || event.operationType === 'invalidate') return;
    const tags = await tagsOf(db, writeOfEvent(event)).catch(() => [EVERY_PAGE]);
    changes.publish(tags);
  };

  /**
   * Where the stream stands now: a stream opened and read once without waiting, so that its
   * token marks this moment at the server (and the first event, if one came already).
   */
  const establish = async (): Promise<ResumeToken | undefined> => {
    const probe = db.watch(PIPELINE, { fullDocument: 'updateLookup', maxAwaitTimeMS: 10 });
    stream = probe;
    try {
      const first = await probe.tryNext();
      if (first) await handle(first);
      return probe.resumeToken ?? undefined;
    } finally {
      await probe.close().catch(() => undefined);
    }
  };

  // A stream refused at start (a missing privilege, a primary being elected) is not a reason
  // not to serve: the loop below keeps opening it, and says why meanwhile.
  let token = await establish().catch((err: unknown) => {
    log.warn({ err }, 'change stream not opened yet; retrying');
    return undefined;
  });
  const loop = (async () => {
    while (!stopped) {
      const current = db.watch(PIPELINE, {
        fullDocument: 'updateLookup',
        ...(token !== undefined && { startAfter: token }),
      });
      stream = current;
      try {
        for (;;) {
          const event = await current.next();
          await handle(event);
          // The driver's token once the event is handled: the event's, or where its batch ended.
          token = current.resumeToken ?? token;
        }
      } catch (err) {
        // Every event next() answered was handled before the next call: the driver's token is
        // one we may go on from.
        token = current.resumeToken ?? token;
        await current.close().catch(() => undefined);
        if (stopped) break;
        if (!CANNOT_RESUME.has(codeOf(err) as number)) {
          log.warn({ err }, 'change stream failed; opening it again after its last event');
          await sleep(retryMs);
          continue;
        }
        // The writes since the token are gone from the server's history: from now on, and
        // everything cached may be stale. The new position is taken before the drop, so a
        // write after the drop is heard.
        log.warn({ err }, 'change stream cannot resume; every cached page and entry dropped');
        changeStreamGaps.inc();
        for (;;) {
          try {
            token = await establish();
            break;
          } catch (again) {
            if (stopped) return;
            log.warn({ err: again }, 'change stream not opened again; retrying');
            await sleep(retryMs);
          }
        }
        changes.publish(EVERY_TAG);
      }
    }
  })();
  log.info('caches follow the MongoDB change stream');
  return async () => {
    stopped = true;
    (sleeping as (() => void) | null)?.();
    await (stream as ChangeStream | null)?.close().catch(() => undefined);
    await loop;
  };
}
