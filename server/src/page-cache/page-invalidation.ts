import type { ChangeStream, Db, Document } from 'mongodb';
import type { Logger } from '../logger.ts';
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

/**
 * Every instance's writes, from a MongoDB change stream (replica sets and sharded clusters only):
 * what keeps the page caches of several instances in step. Its own writes come back too, a
 * second harmless drop. On an error the stream is opened again after a second and every page
 * dropped, since changes may have been missed meanwhile. Answers the stop, or null when the
 * deployment has no change streams (a standalone server, the embedded engine).
 */
export async function watchChangeStream(
  db: Db,
  changes: PageChanges,
  log: Logger,
): Promise<(() => Promise<void>) | null> {
  const hello = await db
    .admin()
    .command({ hello: 1 })
    .catch((err: unknown) => {
      log.warn({ err }, 'could not ask MongoDB what it is; no change stream for the page cache');
      return {} as Document;
    });
  if (!hello.setName && hello.msg !== 'isdbgrid') {
    log.warn(
      'MongoDB has no change streams (not a replica set): other instances’ writes reach this page cache only at its max age',
    );
    return null;
  }
  let stream: ChangeStream | null = null;
  let stopped = false;
  const open = () => {
    stream = db.watch([{ $match: { 'ns.coll': { $in: [...WATCHED_COLLECTIONS] } } }], {
      fullDocument: 'updateLookup',
    });
    stream.on('change', (event: Document) => {
      const collection = (event.ns as { coll: string }).coll;
      const full = event.fullDocument as Document | undefined;
      const id = (event.documentKey as { _id?: unknown } | undefined)?._id;
      const write: Write = {
        collection,
        docs: full ? [full] : [],
        ids: full ? [] : id === undefined ? null : [id],
      };
      tagsOf(db, write).then(
        (tags) => changes.publish(tags),
        () => changes.publish([EVERY_PAGE]),
      );
    });
    stream.once('error', (err) => {
      if (stopped) return;
      log.warn({ err }, 'page-cache change stream failed; reopening, every page dropped');
      changes.publish([EVERY_PAGE]);
      void stream?.close().catch(() => undefined);
      setTimeout(() => stopped || open(), 1_000).unref();
    });
  };
  open();
  log.info('page cache follows the MongoDB change stream');
  return async () => {
    stopped = true;
    await (stream as ChangeStream | null)?.close();
  };
}
