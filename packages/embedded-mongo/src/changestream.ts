/**
 * Change streams: `aggregate` with a leading `$changeStream` stage opens a cursor on the store's
 * change log (changes.ts); its `getMore` answers the changes after its position, or waits for
 * the next write (awaitData, up to `maxTimeMS`, 1 s by default) rather than answering empty at
 * once. Events are shaped as MongoDB shapes them; every batch carries `postBatchResumeToken`,
 * so the driver's resume token advances through batches without a matching event.
 * https://www.mongodb.com/docs/manual/reference/change-events/
 */
import { BSON, Long, type Timestamp } from 'bson';
import type { Change, ChangeLog } from './changes.ts';
import { knownSize } from './sizes.ts';
import { badValue, CommandError, failedToParse, notImplemented } from './errors.ts';
import { aggregateDocs } from './mql.ts';
import { keyOf } from './keys.ts';
import type { Store } from './store.ts';
import type { Doc } from './types.ts';
import { isDoc, nonNegative, numArg } from './commands/args.ts';

export const changeStreamHistoryLost = (msg: string) =>
  new CommandError(286, 'ChangeStreamHistoryLost', msg);
const changeStreamFatal = (msg: string) => new CommandError(280, 'ChangeStreamFatalError', msg);

/** The stages MongoDB allows after `$changeStream`: each works on one event at a time. */
const ALLOWED_STAGES = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$redact',
]);
/** MongoDB's codes for a stage a change stream may not carry, and a post-image required but gone. */
const STAGE_NOT_ALLOWED = 20;
const NO_MATCHING_DOCUMENT = 47;
/** Databases a cluster-wide stream does not report (as MongoDB). */
const INTERNAL_DBS = new Set(['admin', 'config', 'local']);
/** Changes looked at per batch when the driver names no batch size. */
const DEFAULT_STREAM_BATCH = 1000;
/**
 * The documents' bytes a batch stops at: an event carries a change's documents up to about four
 * times (full document, looked-up document, updated fields, document before), and a reply must
 * stay under 16 MiB.
 */
const BATCH_DOC_BYTES = 3 * 1024 * 1024;
const sizeOf = (doc: Doc | null) =>
  doc ? (knownSize.get(doc) ?? BSON.calculateObjectSize(doc, { ignoreUndefined: true })) : 0;
/** How long a getMore waits for a change when the driver names no maxTimeMS (MongoDB's default). */
const DEFAULT_AWAIT_MS = 1000;

type FullDocument = 'default' | 'updateLookup' | 'whenAvailable' | 'required';
type BeforeChange = 'off' | 'whenAvailable' | 'required';

export interface StreamCursor {
  /** The namespace the cursor reply names (and getMore sends back). */
  ns: string;
  /** null: every database (a cluster-wide stream). */
  db: string | null;
  /** null: every collection of `db`. */
  coll: string | null;
  /** The last change looked at. */
  pos: number;
  fullDocument: FullDocument;
  beforeChange: BeforeChange;
  stages: Doc[];
  lastUsed: number;
  /** Set once an invalidate event went out: the next batch ends the cursor. */
  invalidated: boolean;
  /** Ends a waiting getMore at once (killCursors); null when none waits. */
  interrupt: (() => void) | null;
}

export interface StreamBatch {
  docs: Doc[];
  /** The cursor ends with this batch (after an invalidate). */
  done: boolean;
}

function stringOption<T extends string>(spec: Doc, key: string, allowed: readonly T[]): T {
  const v = spec[key] ?? allowed[0];
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v))
    throw badValue(`'${String(v)}' is not a valid value for $changeStream.${key}`);
  return v as T;
}

/** The sequence number a resume token names, checked against what the log still holds. */
function resumePoint(log: ChangeLog, token: unknown): number {
  const data = (token as { _data?: unknown } | null)?._data;
  if (!isDoc(token) || typeof data !== 'string') throw badValue('invalid resume token');
  const seq = log.seqOf(token);
  if (seq === null || seq < log.firstSeq - 1)
    throw changeStreamHistoryLost(
      'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    );
  return seq;
}

/** The position just before the first change at or after `ts`. */
function positionAt(log: ChangeLog, ts: Timestamp): number {
  const first = log.get(log.firstSeq);
  if (log.firstSeq > 1 && first && ts.compare(log.clusterTime(first)) < 0)
    throw changeStreamHistoryLost(
      'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    );
  for (let seq = log.firstSeq; seq <= log.lastSeq; seq++) {
    const c = log.get(seq);
    if (c && log.clusterTime(c).compare(ts) >= 0) return seq - 1;
  }
  return log.lastSeq;
}

/** Opens a change stream from `aggregate`'s `$changeStream` stage. */
export function openChangeStream(
  log: ChangeLog,
  db: string,
  target: unknown,
  pipeline: Doc[],
): StreamCursor {
  const spec = pipeline[0]?.['$changeStream'];
  if (!isDoc(spec)) throw failedToParse('$changeStream stage must be an object');
  const stages = pipeline.slice(1);
  for (const stage of stages) {
    const name = Object.keys(stage)[0] as string;
    if (name === '$changeStream')
      throw new CommandError(
        40602,
        'Location40602',
        '$changeStream is only valid as the first stage in a pipeline',
      );
    if (!ALLOWED_STAGES.has(name))
      throw new CommandError(
        STAGE_NOT_ALLOWED,
        'IllegalOperation',
        `${name} is not permitted in a $changeStream pipeline`,
      );
  }
  const all = spec['allChangesForCluster'] === true;
  if (all && (db !== 'admin' || target !== 1))
    throw badValue(
      "A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin' database, and with no collection name",
    );
  if (!all && db === 'admin')
    throw badValue('$changeStream may not be opened on the internal admin database');
  const fullDocument = stringOption<FullDocument>(spec, 'fullDocument', [
    'default',
    'updateLookup',
    'whenAvailable',
    'required',
  ]);
  const beforeChange = stringOption<BeforeChange>(spec, 'fullDocumentBeforeChange', [
    'off',
    'whenAvailable',
    'required',
  ]);
  const resume = spec['startAfter'] ?? spec['resumeAfter'];
  if (spec['startAfter'] !== undefined && spec['resumeAfter'] !== undefined)
    throw badValue('Only one type of resume option is allowed, but multiple were found');
  let pos: number;
  if (resume !== undefined) pos = resumePoint(log, resume);
  else if (spec['startAtOperationTime'] !== undefined) {
    const ts = spec['startAtOperationTime'] as Timestamp;
    if ((ts as { _bsontype?: string })?._bsontype !== 'Timestamp')
      throw badValue('startAtOperationTime must be a timestamp');
    pos = positionAt(log, ts);
  } else pos = log.lastSeq;
  const coll = all || target === 1 ? null : String(target);
  return {
    ns: coll === null ? `${db}.$cmd.aggregate` : `${db}.${coll}`,
    db: all ? null : db,
    coll,
    pos,
    fullDocument,
    beforeChange,
    stages,
    lastUsed: Date.now(),
    invalidated: false,
    interrupt: null,
  };
}

/** The changes of `c`'s namespace after its position, as events (at most `limit` looked at). */
export function nextBatch(store: Store, cursor: StreamCursor, limit: number): StreamBatch {
  const log = store.changes;
  if (cursor.invalidated) return { docs: [], done: true };
  if (cursor.pos < log.firstSeq - 1)
    throw changeStreamHistoryLost(
      'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    );
  const events: Doc[] = [];
  const tokens = new Set<string>();
  let seq = cursor.pos;
  let bytes = 0;
  while (seq < log.lastSeq && events.length < limit && bytes < BATCH_DOC_BYTES) {
    seq++;
    const c = log.get(seq) as Change;
    for (const event of eventsOf(store, cursor, c)) {
      events.push(event);
      tokens.add((event['_id'] as { _data: string })._data);
      bytes += sizeOf(c.after) + sizeOf(c.before);
    }
    if (cursor.invalidated) break;
  }
  cursor.pos = seq;
  if (!events.length || !cursor.stages.length) return { docs: events, done: false };
  const docs = aggregateDocs(events, cursor.stages, () => []);
  for (const d of docs) {
    const id = d['_id'] as { _data?: unknown } | undefined;
    if (!id || typeof id._data !== 'string' || !tokens.has(id._data))
      throw changeStreamFatal(
        'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
      );
  }
  return { docs, done: false };
}

/** The events change `c` makes on this cursor's stream (none when outside its namespace). */
function eventsOf(store: Store, cursor: StreamCursor, c: Change): Doc[] {
  if (cursor.db === null ? INTERNAL_DBS.has(c.db) : c.db !== cursor.db) return [];
  const log = store.changes;
  const head = {
    _id: log.token(c.seq),
    operationType: c.op as string,
    clusterTime: log.clusterTime(c),
    wallTime: new Date(c.wall),
  };
  if (c.op === 'dropDatabase') {
    // A collection's stream hears its database dropped as its own drop; then it is invalid.
    if (cursor.db === null) return [{ ...head, ns: { db: c.db } }];
    cursor.invalidated = true;
    const invalidate = { ...head, operationType: 'invalidate' };
    if (cursor.coll !== null)
      return [{ ...head, operationType: 'drop', ns: { db: c.db, coll: cursor.coll } }, invalidate];
    return [{ ...head, ns: { db: c.db } }, invalidate];
  }
  if (cursor.coll !== null && c.coll !== cursor.coll) return [];
  const ns = { db: c.db, coll: c.coll };
  if (c.op === 'drop') {
    if (cursor.coll === null) return [{ ...head, ns }];
    cursor.invalidated = true;
    return [
      { ...head, ns },
      { ...head, operationType: 'invalidate' },
    ];
  }
  const doc = (c.after ?? c.before) as Doc;
  const event: Doc = { ...head };
  if (c.op === 'insert' || c.op === 'replace') event['fullDocument'] = c.after;
  else if (c.op === 'update' && cursor.fullDocument !== 'default') {
    const current = store.database(c.db)?.collection(c.coll)?.byId(doc['_id']) ?? null;
    if (!current && cursor.fullDocument === 'required')
      throw new CommandError(
        NO_MATCHING_DOCUMENT,
        'NoMatchingDocument',
        `Change stream was configured to require a post-image for all update events, but the post-image was not found for ${c.db}.${c.coll}`,
      );
    event['fullDocument'] = current;
  }
  event['ns'] = ns;
  event['documentKey'] = { _id: doc['_id'] };
  if (c.op === 'update')
    event['updateDescription'] = describeUpdate(c.before as Doc, c.after as Doc);
  if (cursor.beforeChange !== 'off' && c.op !== 'insert')
    event['fullDocumentBeforeChange'] = c.before;
  return [event];
}

/** MongoDB's updateDescription: the fields set (dotted within sub-documents) and removed. */
export function describeUpdate(before: Doc, after: Doc): Doc {
  const updatedFields: Doc = {};
  const removedFields: string[] = [];
  const walk = (a: Doc, b: Doc, prefix: string) => {
    for (const k of Object.keys(b)) {
      const av = a[k];
      const bv = b[k];
      if (k in a && isDoc(av) && isDoc(bv)) walk(av, bv, `${prefix}${k}.`);
      else if (!(k in a) || keyOf(av) !== keyOf(bv)) updatedFields[prefix + k] = bv;
    }
    for (const k of Object.keys(a)) if (!(k in b)) removedFields.push(prefix + k);
  };
  walk(before, after, '');
  return { updatedFields, removedFields, truncatedArrays: [] };
}

function reply(
  log: ChangeLog,
  cursor: StreamCursor,
  id: Long,
  batch: StreamBatch,
  field: 'firstBatch' | 'nextBatch',
): Doc {
  return {
    cursor: {
      [field]: batch.docs,
      postBatchResumeToken: log.token(cursor.pos),
      id: batch.done ? Long.ZERO : id,
      ns: cursor.ns,
    },
    operationTime: log.now(),
    ok: 1,
  };
}

/** The aggregate reply: what is there already (after a resume point), never waiting. */
export function firstReply(store: Store, cursor: StreamCursor, id: Long, cursorSpec: Doc): Doc {
  const batchSize = nonNegative(cursorSpec, 'batchSize');
  const batch =
    batchSize === 0
      ? { docs: [], done: false }
      : nextBatch(store, cursor, batchSize ?? DEFAULT_STREAM_BATCH);
  return reply(store.changes, cursor, id, batch, 'firstBatch');
}

/**
 * A getMore: the changes there are, else a wait for the next write (woken by the change log at
 * once, not by polling) up to maxTimeMS; an empty batch then, with the token of where it stands.
 */
export function streamGetMore(
  store: Store,
  cursor: StreamCursor,
  id: Long,
  cmd: Doc,
  onEnd: () => void,
): Doc | Promise<Doc> {
  const log = store.changes;
  const limit = nonNegative(cmd, 'batchSize') || DEFAULT_STREAM_BATCH;
  const waitMs = numArg(cmd, 'maxTimeMS') ?? DEFAULT_AWAIT_MS;
  cursor.lastUsed = Date.now();
  const answer = (batch: StreamBatch) => {
    cursor.lastUsed = Date.now();
    if (batch.done) onEnd();
    return reply(log, cursor, id, batch, 'nextBatch');
  };
  const now = nextBatch(store, cursor, limit);
  if (now.docs.length || now.done || waitMs <= 0) return answer(now);
  if (cursor.interrupt) throw notImplemented('concurrent getMore on one change stream cursor');
  return new Promise<Doc>((resolve, reject) => {
    let cancel = () => {};
    const finish = (batch: StreamBatch) => {
      clearTimeout(timer);
      cancel();
      cursor.interrupt = null;
      resolve(answer(batch));
    };
    const timer = setTimeout(() => {
      try {
        finish(nextBatch(store, cursor, limit));
      } catch (err) {
        cursor.interrupt = null;
        reject(err as Error);
      }
    }, waitMs);
    timer.unref();
    const wake = () => {
      try {
        const batch = nextBatch(store, cursor, limit);
        if (batch.docs.length || batch.done) finish(batch);
        else cancel = log.wait(wake); // writes elsewhere: wait on
      } catch (err) {
        clearTimeout(timer);
        cursor.interrupt = null;
        reject(err as Error);
      }
    };
    cancel = log.wait(wake);
    cursor.interrupt = () => finish({ docs: [], done: true });
  });
}
