/**
 * Write commands: insert, update, delete, findAndModify. Each runs synchronously from match to
 * write, so concurrent claims on the same document can never both succeed.
 */
import type { Collection } from '../collection.ts';
import type { Database } from '../database.ts';
import { failedToParse, toCommandError } from '../errors.ts';
import { projectDocs } from '../mql.ts';
import type { Doc } from '../types.ts';
import {
  parseUpdate,
  prepareInsert,
  updateDocument,
  upsertDocument,
  type UpdateSpec,
} from '../update.ts';
import { arrayArg, collectionArg, docArg, isDoc, numArg, rejectCollation } from './args.ts';
import type { Handler } from './context.ts';
import { selectDocs } from './read.ts';

/** Runs statements one by one; an error becomes a writeErrors entry (ordered: and stops there). */
function runStatements(
  items: unknown[],
  ordered: boolean,
  run: (item: unknown, index: number) => void,
): Doc[] {
  const writeErrors: Doc[] = [];
  items.forEach((item, index) => {
    if (ordered && writeErrors.length) return;
    try {
      run(item, index);
    } catch (err) {
      const e = toCommandError(err);
      writeErrors.push({ index, code: e.code, errmsg: e.message, ...e.extra });
    }
  });
  return writeErrors;
}

function withErrors(reply: Doc, writeErrors: Doc[]): Doc {
  if (writeErrors.length) reply['writeErrors'] = writeErrors;
  reply['ok'] = 1;
  return reply;
}

const insert: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'insert');
  const docs = arrayArg(cmd, 'documents') ?? [];
  const db = ctx.store.databaseForWrite(ctx.db);
  const coll = db.ensureCollection(name);
  let n = 0;
  const writeErrors = runStatements(docs, cmd['ordered'] !== false, (raw) => {
    if (!isDoc(raw)) throw failedToParse('each document to insert must be an object');
    db.insert(coll, prepareInsert(raw));
    n++;
  });
  return withErrors({ n }, writeErrors);
};

interface UpdateStatement {
  filter: Doc;
  spec: UpdateSpec;
  arrayFilters: Doc[];
  multi: boolean;
  upsert: boolean;
}

function parseStatement(raw: unknown, filterKey: string, updateKey: string): UpdateStatement {
  if (!isDoc(raw)) throw failedToParse('update statement must be an object');
  rejectCollation(raw);
  const spec = parseUpdate(raw[updateKey]);
  const multi = raw['multi'] === true;
  if (multi && spec.kind === 'replacement')
    throw failedToParse('multi update is not supported for replacement-style update');
  return {
    filter: docArg(raw, filterKey) ?? {},
    spec,
    arrayFilters: (arrayArg(raw, 'arrayFilters') ?? []) as Doc[],
    multi,
    upsert: raw['upsert'] === true,
  };
}

interface StatementResult {
  matched: number;
  modified: number;
  upserted?: Doc;
  /** The document before / after, for findAndModify. */
  before?: Doc;
  after?: Doc;
}

/** Applies one update statement to the matched documents (or upserts). */
function applyUpdate(db: Database, name: string, st: UpdateStatement, sort?: Doc): StatementResult {
  const coll: Collection | undefined = db.collection(name);
  const matches = selectDocs(coll, st.filter, st.multi ? 0 : 1, sort);
  const ctx = { filter: st.filter, arrayFilters: st.arrayFilters };
  if (!matches.length) {
    if (!st.upsert) return { matched: 0, modified: 0 };
    const doc = upsertDocument(st.spec, ctx);
    db.insert(db.ensureCollection(name), doc);
    return { matched: 0, modified: 0, upserted: doc, after: doc };
  }
  let modified = 0;
  let before: Doc | undefined;
  let after: Doc | undefined;
  for (const doc of matches) {
    const next = updateDocument(doc, st.spec, ctx);
    if (next.changed) {
      db.replace(
        coll as Collection,
        doc,
        next.doc,
        st.spec.kind === 'replacement' ? 'replace' : 'update',
      );
      modified++;
    }
    before ??= doc;
    after ??= next.changed ? next.doc : doc;
  }
  return { matched: matches.length, modified, before, after };
}

const update: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'update');
  const statements = arrayArg(cmd, 'updates') ?? [];
  const db = ctx.store.databaseForWrite(ctx.db);
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors = runStatements(statements, cmd['ordered'] !== false, (raw, i) => {
    const r = applyUpdate(db, name, parseStatement(raw, 'q', 'u'));
    n += r.matched;
    nModified += r.modified;
    if (r.upserted) {
      n++;
      upserted.push({ index: i, _id: r.upserted['_id'] });
    }
  });
  const reply: Doc = { n, nModified };
  if (upserted.length) reply['upserted'] = upserted;
  return withErrors(reply, writeErrors);
};

const del: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, 'delete');
  const statements = arrayArg(cmd, 'deletes') ?? [];
  const db = ctx.store.database(ctx.db);
  let n = 0;
  const writeErrors = runStatements(statements, cmd['ordered'] !== false, (raw) => {
    if (!isDoc(raw)) throw failedToParse('delete statement must be an object');
    rejectCollation(raw);
    const limit = numArg(raw, 'limit') ?? 0;
    if (limit !== 0 && limit !== 1)
      throw failedToParse('The limit field in delete objects must be 0 or 1');
    const coll = db?.collection(name);
    for (const doc of selectDocs(coll, docArg(raw, 'q') ?? {}, limit)) {
      if ((db as Database).remove(coll as Collection, doc)) n++;
    }
  });
  return withErrors({ n }, writeErrors);
};

const findAndModify: Handler = (ctx, cmd) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0] as string);
  rejectCollation(cmd);
  const remove = cmd['remove'] === true;
  const hasUpdate = cmd['update'] !== undefined && cmd['update'] !== null;
  if (remove === hasUpdate)
    throw failedToParse('Either an update or remove=true must be specified, but not both');
  const filter = docArg(cmd, 'query') ?? {};
  const sort = docArg(cmd, 'sort');
  const fields = docArg(cmd, 'fields');
  const db = ctx.store.databaseForWrite(ctx.db);

  if (remove) {
    if (cmd['upsert']) throw failedToParse('Cannot specify both upsert=true and remove=true');
    const coll = db.collection(name);
    const [doc] = selectDocs(coll, filter, 1, sort);
    if (doc) db.remove(coll as Collection, doc);
    return {
      lastErrorObject: { n: doc ? 1 : 0 },
      value: doc ? (projectDocs([doc], fields, filter)[0] ?? null) : null,
      ok: 1,
    };
  }

  const st: UpdateStatement = {
    filter,
    spec: parseUpdate(cmd['update']),
    arrayFilters: (arrayArg(cmd, 'arrayFilters') ?? []) as Doc[],
    multi: false,
    upsert: cmd['upsert'] === true,
  };
  const r = applyUpdate(db, name, st, sort);
  const value = cmd['new'] === true ? r.after : r.before;
  const lastErrorObject: Doc = {
    n: r.matched || (r.upserted ? 1 : 0),
    updatedExisting: r.matched > 0,
  };
  if (r.upserted) lastErrorObject['upserted'] = r.upserted['_id'];
  return {
    lastErrorObject,
    value: value ? (projectDocs([value], fields, filter)[0] ?? null) : null,
    ok: 1,
  };
};

export const writeCommands: Record<string, Handler> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
