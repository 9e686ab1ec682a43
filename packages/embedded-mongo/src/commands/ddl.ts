/** Collections, indexes and databases: create, drop, createIndexes, listIndexes, ... */
import { DEFAULT_BATCH_SIZE } from '../cursors.ts';
import { failedToParse, namespaceNotFound, notImplemented } from '../errors.ts';
import { ID_INDEX, normalizeIndexSpec } from '../indexes.ts';
import { compileFilter } from '../mql.ts';
import type { Doc } from '../types.ts';
import { arrayArg, collectionArg, docArg, nonNegative } from './args.ts';
import type { Handler } from './context.ts';
import { GENERIC_FIELDS } from './generic.ts';
import { cursorReply } from './read.ts';

const create: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'create');
  // Capped collections, validators, views, time series...: refusing beats silently ignoring.
  for (const opt of Object.keys(cmd)) {
    if (opt === 'create' || GENERIC_FIELDS.has(opt)) continue;
    throw notImplemented(`create option '${opt}' is not supported by the embedded engine`);
  }
  ctx.store.databaseForWrite(ctx.db).createCollection(name, {});
  return { ok: 1 };
};

const drop: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'drop');
  const dropped = ctx.store.database(ctx.db)?.dropCollection(name);
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexSpecs().length, ns: dropped.ns, ok: 1 };
};

const dropDatabase: Handler = (ctx) => {
  const db = ctx.store.database(ctx.db);
  if (db && !db.isEmpty) db.dropAll();
  return { dropped: ctx.db, ok: 1 };
};

const createIndexes: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'createIndexes');
  const raw = arrayArg(cmd, 'indexes');
  if (!raw || !raw.length)
    throw failedToParse("Must specify at least one index to create in 'indexes'");
  const specs = raw.map(normalizeIndexSpec);
  const db = ctx.store.databaseForWrite(ctx.db);
  const existed = !!db.collection(name);
  const coll = db.ensureCollection(name);
  const before = coll.indexSpecs().length;
  // Check every spec for conflicts before building any, so a bad batch creates nothing.
  for (const s of specs) coll.checkNewIndex(s);
  for (const s of specs) db.createIndex(coll, s);
  const after = coll.indexSpecs().length;
  const reply: Doc = {
    createdCollectionAutomatically: !existed,
    numIndexesBefore: before,
    numIndexesAfter: after,
  };
  if (before === after) reply['note'] = 'all indexes already exist';
  reply['ok'] = 1;
  return reply;
};

const listIndexes: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'listIndexes');
  const coll = ctx.store.database(ctx.db)?.collection(name);
  if (!coll) throw namespaceNotFound(`ns does not exist: ${ctx.db}.${name}`);
  const ns = `${ctx.db}.${name}`;
  const batchSize = nonNegative(docArg(cmd, 'cursor') ?? {}, 'batchSize') ?? DEFAULT_BATCH_SIZE;
  return cursorReply(
    ns,
    ctx.cursors.create(ns, coll.indexSpecs() as unknown as Doc[], batchSize),
    'firstBatch',
  );
};

const dropIndexes: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0] as string);
  const db = ctx.store.database(ctx.db);
  const coll = db?.collection(name);
  if (!db || !coll) throw namespaceNotFound(`ns not found ${ctx.db}.${name}`);
  const nIndexesWas = coll.indexSpecs().length;
  for (const ixName of coll.resolveIndexNames(cmd['index'])) db.dropIndex(coll, ixName);
  return { nIndexesWas, ok: 1 };
};

const listCollections: Handler = (ctx, cmd) => {
  const nameOnly = cmd['nameOnly'] === true;
  const docs: Doc[] = (ctx.store.database(ctx.db)?.collections() ?? []).map((c) =>
    nameOnly
      ? { name: c.name, type: 'collection' }
      : {
          name: c.name,
          type: 'collection',
          options: c.options,
          info: { readOnly: false },
          idIndex: ID_INDEX,
        },
  );
  const filter = docArg(cmd, 'filter');
  const query = filter ? compileFilter(filter) : null;
  const ns = `${ctx.db}.$cmd.listCollections`;
  const batchSize = nonNegative(docArg(cmd, 'cursor') ?? {}, 'batchSize') ?? DEFAULT_BATCH_SIZE;
  const matched = query ? docs.filter((d) => query.test(d)) : docs;
  return cursorReply(ns, ctx.cursors.create(ns, matched, batchSize), 'firstBatch');
};

const listDatabases: Handler = (ctx, cmd) => {
  const dbs: Doc[] = ctx.store
    .databases()
    .filter((d) => !d.isEmpty)
    .map((d) => ({ name: d.name, sizeOnDisk: ctx.store.sizeOnDisk(d.name), empty: false }));
  const filter = docArg(cmd, 'filter');
  const query = filter ? compileFilter(filter) : null;
  const matched = query ? dbs.filter((d) => query.test(d)) : dbs;
  if (cmd['nameOnly'] === true)
    return { databases: matched.map((d) => ({ name: d['name'] })), ok: 1 };
  const totalSize = matched.reduce((sum, d) => sum + (d['sizeOnDisk'] as number), 0);
  return { databases: matched, totalSize, totalSizeMb: Math.floor(totalSize / 1048576), ok: 1 };
};

export const ddlCommands: Record<string, Handler> = {
  create,
  drop,
  dropDatabase,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  listCollections,
  listDatabases,
};
