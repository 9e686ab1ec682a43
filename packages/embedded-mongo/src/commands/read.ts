/** Read commands: find, getMore, killCursors, count, distinct, aggregate. */
import { Long } from 'bson';
import { resolve } from 'mingo/util';
import type { Collection } from '../collection.ts';
import { firstReply, openChangeStream, streamGetMore } from '../changestream.ts';
import { DEFAULT_BATCH_SIZE, type Batch } from '../cursors.ts';
import { failedToParse, notImplemented } from '../errors.ts';
import { keyOf } from '../keys.ts';
import { aggregateDocs, compileFilter, findDocs } from '../mql.ts';
import type { Doc } from '../types.ts';
import {
  arrayArg,
  collectionArg,
  docArg,
  isDoc,
  nonNegative,
  numArg,
  rejectCollation,
} from './args.ts';
import type { CommandContext, Handler } from './context.ts';

export function cursorReply(ns: string, batch: Batch, field: 'firstBatch' | 'nextBatch'): Doc {
  return { cursor: { [field]: batch.docs, id: batch.id, ns }, ok: 1 };
}

function collectionOf(ctx: CommandContext, name: string): Collection | undefined {
  return ctx.store.database(ctx.db)?.collection(name);
}

/**
 * Documents matching `filter`, in natural order (or `sort` order), at most `limit` (0 = all),
 * found as the planner says (planner.ts).
 */
export function selectDocs(
  coll: Collection | undefined,
  filter: Doc,
  limit = 0,
  sort?: Doc,
  variables?: Doc,
): Doc[] {
  const query = compileFilter(filter, variables);
  if (!coll) return [];
  if (!Object.keys(filter).length && !sort) return limit ? coll.all().slice(0, limit) : coll.all();
  const sorting = sort && Object.keys(sort).length ? sort : undefined;
  const plan = coll.plan(filter, sorting, limit);
  return findDocs(plan, { filter, sort: sorting, limit }, query);
}

/** How many documents match `filter`; an exact plan counts without fetching them. */
export function countDocs(coll: Collection, filter: Doc, variables?: Doc): number {
  const query = compileFilter(filter, variables);
  if (!Object.keys(filter).length) return coll.size;
  const plan = coll.plan(filter, undefined, 0);
  if (plan.exact && plan.count) return plan.count();
  const test = plan.residual === filter ? query : compileFilter(plan.residual, variables);
  let n = 0;
  for (const d of plan.docs) if (plan.exact || test.test(d)) n++;
  return n;
}

// Find options that would change results in ways we do not implement.
const UNSUPPORTED_FIND_OPTIONS = [
  'min',
  'max',
  'returnKey',
  'showRecordId',
  'tailable',
  'awaitData',
];

const find: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'find');
  rejectCollation(cmd);
  for (const opt of UNSUPPORTED_FIND_OPTIONS) {
    if (cmd[opt])
      throw notImplemented(`find option '${opt}' is not supported by the embedded engine`);
  }
  const filter = docArg(cmd, 'filter') ?? {};
  let limit = numArg(cmd, 'limit') ?? 0;
  let singleBatch = cmd['singleBatch'] === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const spec = {
    filter,
    sort: docArg(cmd, 'sort'),
    projection: docArg(cmd, 'projection'),
    skip: nonNegative(cmd, 'skip') ?? 0,
    limit,
    variables: docArg(cmd, 'let'),
  };
  const query = compileFilter(filter, spec.variables);
  const coll = collectionOf(ctx, name);
  const sort = spec.sort && Object.keys(spec.sort).length ? spec.sort : undefined;
  const want = limit ? spec.skip + limit : 0;
  const docs = coll ? findDocs(coll.plan(filter, sort, want), spec, query) : [];
  const ns = `${ctx.db}.${name}`;
  const batchSize = nonNegative(cmd, 'batchSize') ?? DEFAULT_BATCH_SIZE;
  return cursorReply(ns, ctx.cursors.create(ns, docs, batchSize, singleBatch), 'firstBatch');
};

const getMore: Handler = (ctx, cmd) => {
  const ns = `${ctx.db}.${collectionArg(cmd, 'collection')}`;
  const stream = ctx.cursors.stream(cmd['getMore'], ns);
  if (stream) {
    const id = Long.fromString(String(cmd['getMore']));
    return streamGetMore(ctx.store, stream, id, cmd, () => ctx.cursors.endStream(id));
  }
  const batch = ctx.cursors.getMore(cmd['getMore'], ns, nonNegative(cmd, 'batchSize') ?? 0);
  return cursorReply(ns, batch, 'nextBatch');
};

const killCursors: Handler = (ctx, cmd) => {
  collectionArg(cmd, 'killCursors');
  const { killed, notFound } = ctx.cursors.kill(arrayArg(cmd, 'cursors') ?? []);
  return {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
};

const count: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'count');
  rejectCollation(cmd);
  const filter = docArg(cmd, 'query') ?? {};
  const skip = nonNegative(cmd, 'skip') ?? 0;
  const limit = Math.abs(numArg(cmd, 'limit') ?? 0);
  const coll = collectionOf(ctx, name);
  if (!coll) {
    compileFilter(filter);
    return { n: 0, ok: 1 };
  }
  if (!Object.keys(filter).length && !skip && !limit) return { n: coll.size, ok: 1 };
  const n = Math.max(0, countDocs(coll, filter) - skip);
  return { n: limit ? Math.min(limit, n) : n, ok: 1 };
};

const distinct: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'distinct');
  rejectCollation(cmd);
  const key = cmd['key'];
  if (typeof key !== 'string' || !key) throw failedToParse("distinct requires a string 'key'");
  const docs = selectDocs(collectionOf(ctx, name), docArg(cmd, 'query') ?? {});
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const d of docs) {
    const v = resolve(d, key);
    if (v === undefined) continue;
    // Array values contribute their elements (a dotted path through arrays yields nested ones).
    const items = Array.isArray(v) ? (key.includes('.') ? v.flat() : v) : [v];
    for (const item of items) {
      const k = keyOf(item);
      if (!seen.has(k)) {
        seen.add(k);
        values.push(item);
      }
    }
  }
  return { values, ok: 1 };
};

const aggregate: Handler = (ctx, cmd) => {
  const target = cmd['aggregate'];
  rejectCollation(cmd);
  if (cmd['explain']) throw notImplemented('explain is not supported by the embedded engine');
  const cursor = docArg(cmd, 'cursor');
  if (!cursor)
    throw failedToParse(
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  const pipeline = arrayArg(cmd, 'pipeline');
  if (!pipeline) throw failedToParse("'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isDoc(stage) || Object.keys(stage).length !== 1) {
      throw failedToParse('A pipeline stage specification object must contain exactly one field.');
    }
  }
  if (isDoc((pipeline as Doc[])[0]) && '$changeStream' in (pipeline[0] as Doc)) {
    const stream = openChangeStream(ctx.store.changes, ctx.db, target, pipeline as Doc[]);
    return firstReply(ctx.store, stream, ctx.cursors.createStream(stream), cursor);
  }
  const variables = docArg(cmd, 'let');
  const db = ctx.store.database(ctx.db);
  let ns: string;
  let docs: Doc[];
  if (target === 1) {
    ns = `${ctx.db}.$cmd.aggregate`;
    docs = aggregateDocs(
      [],
      pipeline as Doc[],
      (name) => db?.collection(name)?.all() ?? [],
      variables,
    );
  } else {
    const name = collectionArg(cmd, 'aggregate');
    ns = `${ctx.db}.${name}`;
    const coll = db?.collection(name);
    // A leading $match runs here, before mingo clones its input, and can use an index.
    const first = (pipeline as Doc[])[0];
    const match = first && isDoc(first['$match']) ? (first['$match'] as Doc) : null;
    const stages = (match ? pipeline.slice(1) : pipeline) as Doc[];
    const input = () =>
      match ? selectDocs(coll, match, 0, undefined, variables) : (coll?.all() ?? []);
    const counted = countShortcut(stages, () =>
      !coll ? (compileFilter(match ?? {}, variables), 0) : countDocs(coll, match ?? {}, variables),
    );
    docs =
      counted ?? aggregateDocs(input(), stages, (n) => db?.collection(n)?.all() ?? [], variables);
  }
  const batchSize = nonNegative(cursor, 'batchSize') ?? DEFAULT_BATCH_SIZE;
  return cursorReply(ns, ctx.cursors.create(ns, docs, batchSize), 'firstBatch');
};

/**
 * The driver's countDocuments sends [$match, $skip?, $limit?, { $group: { _id: 1, n: { $sum: 1 } } }].
 * It is the most frequent aggregation by far, so after our $match that shape is just a length.
 */
function countShortcut(stages: Doc[], count: () => number): Doc[] | null {
  let skip = 0;
  let limit = Infinity;
  let i = 0;
  const num = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : NaN);
  if (stages[i] && '$skip' in (stages[i] as Doc)) skip = num((stages[i++] as Doc)['$skip']);
  if (stages[i] && '$limit' in (stages[i] as Doc)) limit = num((stages[i++] as Doc)['$limit']);
  const group = stages[i]?.['$group'];
  if (i !== stages.length - 1 || Number.isNaN(skip) || Number.isNaN(limit) || !isDoc(group))
    return null;
  const keys = Object.keys(group);
  const id = group['_id'];
  const field = keys[1];
  if (keys.length !== 2 || keys[0] !== '_id' || typeof id !== 'number' || !field) return null;
  const acc = group[field];
  if (!isDoc(acc) || Object.keys(acc).length !== 1 || acc['$sum'] !== 1) return null;
  const n = Math.min(Math.max(0, count() - skip), limit);
  return n ? [{ _id: id, [field]: n }] : [];
}

export const readCommands: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
