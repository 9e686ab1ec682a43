/**
 * Turning an update specification into a new document version. The operators themselves are
 * mingo's; what lives here is what mingo leaves to a server: `$setOnInsert`, the upsert seed
 * taken from the filter, replacement documents, `_id` immutability and `_id` generation.
 */
import { ObjectId } from 'bson';
import { cloneDeep, resolve, setValue } from 'mingo/util';
import { badValue, CommandError, failedToParse, immutableField, typeMismatch } from './errors.ts';
import { keyOf } from './keys.ts';
import { applyModifier, applyPipeline } from './mql.ts';
import type { Doc } from './types.ts';

export type UpdateSpec =
  | { kind: 'operators'; modifier: Doc }
  | { kind: 'replacement'; doc: Doc }
  | { kind: 'pipeline'; stages: Doc[] };

export function parseUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) return { kind: 'pipeline', stages: u as Doc[] };
  if (!u || typeof u !== 'object')
    throw failedToParse('update must be an object or a pipeline array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0) return { kind: 'replacement', doc: u as Doc };
  if (ops.length !== keys.length)
    throw failedToParse('update document mixes update operators and plain fields');
  for (const op of ops) {
    const arg = (u as Doc)[op];
    if (!arg || typeof arg !== 'object' || Array.isArray(arg)) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${Array.isArray(arg) ? 'array' : typeof arg} instead for ${op}`,
      );
    }
  }
  return { kind: 'operators', modifier: u as Doc };
}

export interface UpdateContext {
  filter: Doc;
  arrayFilters: Doc[];
}

/** The next version of `doc` (a new object; `doc` is untouched) and whether anything changed. */
export function updateDocument(
  doc: Doc,
  spec: UpdateSpec,
  ctx: UpdateContext,
): { doc: Doc; changed: boolean } {
  const id = doc['_id'];
  switch (spec.kind) {
    case 'replacement': {
      checkReplacement(spec.doc);
      if (spec.doc['_id'] !== undefined && keyOf(spec.doc['_id']) !== keyOf(id)) throw idChanged();
      const next = withIdFirst({ ...cloneDeep(spec.doc), _id: id });
      return { doc: next, changed: keyOf(next) !== keyOf(doc) };
    }
    case 'pipeline': {
      const res = applyPipeline(cloneDeep(doc) as Doc, spec.stages);
      return { doc: keepId(res.doc, id), changed: res.changed };
    }
    case 'operators': {
      const { modifier } = prepareModifier(spec.modifier, false, id);
      const next = cloneDeep(doc) as Doc;
      checkNumericTargets(next, modifier);
      const changed =
        applyModifier(next, modifier, ctx.arrayFilters, positionalCondition(modifier, ctx.filter))
          .length > 0;
      return { doc: keepId(next, id), changed };
    }
  }
}

/** The document an upsert inserts: filter equalities, then the update, then an `_id`. */
export function upsertDocument(spec: UpdateSpec, ctx: UpdateContext): Doc {
  const seed = seedFromFilter(ctx.filter);
  let doc: Doc;
  switch (spec.kind) {
    case 'replacement': {
      checkReplacement(spec.doc);
      doc = cloneDeep(spec.doc) as Doc;
      if (doc['_id'] === undefined) doc['_id'] = seed['_id'];
      else if (seed['_id'] !== undefined && keyOf(doc['_id']) !== keyOf(seed['_id']))
        throw idChanged();
      break;
    }
    case 'pipeline':
      doc = applyPipeline(seed, spec.stages).doc;
      break;
    case 'operators': {
      const { modifier, id } = prepareModifier(spec.modifier, true, seed['_id']);
      if (id !== undefined) seed['_id'] = id;
      doc = seed;
      checkNumericTargets(doc, modifier);
      // No condition: the seed need not match the filter (e.g. a range), and positional `$` is
      // meaningless on insert.
      applyModifier(doc, modifier, ctx.arrayFilters, undefined);
      break;
    }
  }
  return prepareInsert(doc);
}

/** `_id` first (generated when missing), as MongoDB stores it; validates the `_id` type. */
export function prepareInsert(raw: Doc): Doc {
  const given = raw['_id'];
  const id = given === undefined ? new ObjectId() : given;
  if (Array.isArray(id)) throw new CommandError(53, 'InvalidIdField', "can't use an array for _id");
  if (id instanceof RegExp)
    throw new CommandError(53, 'InvalidIdField', "can't use a regex for _id");
  for (const k of Object.keys(raw)) {
    if (k.startsWith('$')) throw badValue(`Document can't have $ prefixed field names: ${k}`);
  }
  if (given !== undefined && Object.keys(raw)[0] === '_id') return raw;
  const rest: Doc = { ...raw };
  delete rest['_id'];
  return { _id: id, ...rest };
}

function withIdFirst(doc: Doc): Doc {
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

function keepId(next: Doc, id: unknown): Doc {
  if (next['_id'] === undefined) return { _id: id, ...next };
  if (keyOf(next['_id']) !== keyOf(id)) throw idChanged();
  return next;
}

const idChanged = () =>
  immutableField("Performing an update on the path '_id' would modify the immutable field '_id'");

function checkReplacement(doc: Doc): void {
  for (const k of Object.keys(doc)) {
    if (k.startsWith('$'))
      throw badValue(
        `The dollar ($) prefixed field '${k}' is not allowed in a replacement document`,
      );
  }
}

/**
 * Folds `$setOnInsert` into `$set` when inserting (mingo has no such operator) and drops it
 * otherwise. A `$set`/`$setOnInsert` of `_id` to its current value is dropped (mingo refuses any
 * `_id` path); on insert it becomes the new document's `_id`.
 */
function prepareModifier(
  modifier: Doc,
  inserting: boolean,
  currentId: unknown,
): { modifier: Doc; id?: unknown } {
  const out: Doc = {};
  for (const [op, arg] of Object.entries(modifier)) {
    if (op === '$setOnInsert') continue;
    out[op] = { ...(arg as Doc) };
  }
  const current = out['$currentDate'] as Doc | undefined;
  for (const [path, spec] of Object.entries(current ?? {})) {
    // mingo would store a number where MongoDB stores a BSON Timestamp.
    if ((spec as Doc | null)?.['$type'] === 'timestamp') {
      throw badValue(
        `$currentDate with $type 'timestamp' (on '${path}') is not supported by the embedded engine`,
      );
    }
  }
  const onInsert = modifier['$setOnInsert'] as Doc | undefined;
  if (inserting && onInsert) {
    const set = (out['$set'] ??= {}) as Doc;
    for (const [path, v] of Object.entries(onInsert)) {
      if (path in set) {
        throw new CommandError(
          40,
          'ConflictingUpdateOperators',
          `Updating the path '${path}' would create a conflict at '${path}'`,
        );
      }
      set[path] = v;
    }
  }
  const set = out['$set'] as Doc | undefined;
  let id: unknown;
  if (set && '_id' in set) {
    id = set['_id'];
    delete set['_id'];
    if (currentId !== undefined && keyOf(id) !== keyOf(currentId)) throw idChanged();
  }
  for (const op of Object.keys(out)) if (!Object.keys(out[op] as Doc).length) delete out[op];
  return { modifier: out, id: inserting ? id : undefined };
}

/** MongoDB refuses $inc/$mul on a non-number; mingo silently skips it. Reject, never ignore. */
function checkNumericTargets(doc: Doc, modifier: Doc): void {
  for (const op of ['$inc', '$mul']) {
    const arg = modifier[op] as Doc | undefined;
    if (!arg) continue;
    for (const path of Object.keys(arg)) {
      if (path.includes('$')) continue;
      const v = resolve(doc, path);
      const numeric =
        v === undefined ||
        typeof v === 'number' ||
        ['Long', 'Int32', 'Double', 'Decimal128'].includes(
          (v as { _bsontype?: string })?._bsontype ?? '',
        );
      if (!numeric) {
        throw typeMismatch(
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${keyOf(doc['_id'])}} has the field '${path}' of non-numeric type ${Array.isArray(v) ? 'array' : typeof v}`,
        );
      }
      if (v !== undefined && typeof v !== 'number') {
        throw typeMismatch(
          `${op} on a ${(v as { _bsontype: string })._bsontype} value is not supported by the embedded engine`,
        );
      }
    }
  }
}

/**
 * mingo re-tests the filter on each document it updates; it only needs the field conditions,
 * and only for the positional `$` operator. Skipping it otherwise also avoids re-evaluating
 * `$expr` with the updater's smaller operator set.
 */
function positionalCondition(modifier: Doc, filter: Doc): Doc | undefined {
  const positional = Object.values(modifier).some((arg) =>
    Object.keys(arg as Doc).some((path) => path.endsWith('.$') || path.includes('.$.')),
  );
  if (!positional) return undefined;
  return Object.fromEntries(Object.entries(filter).filter(([k]) => !k.startsWith('$')));
}

/** Equality conditions of a filter become fields of an upserted document (as in MongoDB). */
export function seedFromFilter(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) visit(sub as Doc);
        continue;
      }
      if (k.startsWith('$')) continue;
      let value = v;
      if (
        v &&
        typeof v === 'object' &&
        !Array.isArray(v) &&
        !(v instanceof Date) &&
        !(v as { _bsontype?: string })._bsontype
      ) {
        const keys = Object.keys(v);
        if (keys.some((x) => x.startsWith('$'))) {
          if (keys.length === 1 && keys[0] === '$eq') value = (v as Doc)['$eq'];
          else continue;
        }
      }
      if (value instanceof RegExp) continue;
      setValue(seed, k, cloneDeep(value));
    }
  };
  visit(filter);
  return seed;
}
