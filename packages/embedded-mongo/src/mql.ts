/**
 * The one place mingo is configured. Query matching, projection, sort/skip/limit, aggregation
 * and update operators all come from mingo; this module only fixes its options so results
 * match MongoDB (BSON type names, no scripts, no $out/$merge writing behind our back).
 */
import { Aggregator } from 'mingo/aggregator';
import { Context, evalExpr, ProcessingMode } from 'mingo/core';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import * as pipelineOps from 'mingo/operators/pipeline';
import * as projectionOps from 'mingo/operators/projection';
import * as queryOps from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options, QueryOperator, ExpressionOperator } from 'mingo/types';
import {
  update as mingoUpdate,
  updateOne as mingoUpdateOne,
  type Modifier,
  type PipelineStage,
} from 'mingo/updater';
import { cloneDeep, resolve } from 'mingo/util';
import { keyOf } from './keys.ts';
import type { Doc } from './types.ts';

/** MongoDB's name for the BSON type a value is stored as. */
export function bsonTypeName(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int' : 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'long';
    default:
      break;
  }
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  if (Array.isArray(v)) return 'array';
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Long':
      return 'long';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Decimal128':
      return 'decimal';
    case 'Timestamp':
      return 'timestamp';
    case 'BSONRegExp':
      return 'regex';
    case 'Code':
      return 'javascript';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'BSONSymbol':
      return 'symbol';
    default:
      return 'object';
  }
}

const TYPE_ALIASES: Record<string, string> = {
  '1': 'double',
  '2': 'string',
  '3': 'object',
  '4': 'array',
  '5': 'binData',
  '6': 'undefined',
  '7': 'objectId',
  '8': 'bool',
  '9': 'date',
  '10': 'null',
  '11': 'regex',
  '13': 'javascript',
  '16': 'int',
  '17': 'timestamp',
  '18': 'long',
  '19': 'decimal',
  '-1': 'minKey',
  '127': 'maxKey',
};
const NUMBER_TYPES = new Set(['int', 'long', 'double', 'decimal']);

function typeMatches(v: unknown, wanted: unknown): boolean {
  const name = TYPE_ALIASES[String(wanted)] ?? String(wanted);
  const actual = bsonTypeName(v);
  return name === 'number' ? NUMBER_TYPES.has(actual) : actual === name;
}

// mingo's $type knows JS types only ('objectid' rather than MongoDB's 'objectId'); these speak BSON.
const $typeQuery = ((selector: string, value: unknown) => {
  const wanted = Array.isArray(value) ? value : [value];
  const test = (v: unknown) => wanted.some((w) => typeMatches(v, w));
  return (obj: Doc) => {
    const v = resolve(obj, selector, { unwrapArray: true });
    if (v === undefined) return false;
    return test(v) || (Array.isArray(v) && !wanted.includes('array') && v.some(test));
  };
}) as unknown as QueryOperator;

const $typeExpression = ((obj: Doc, expr: unknown, options: Options) =>
  bsonTypeName(evalExpr(obj, expr, options))) as unknown as ExpressionOperator;

// $out/$merge would write into our arrays without journaling; leaving them unregistered makes
// mingo reject them with an error naming the stage.
const safePipelineOps: Partial<typeof pipelineOps> = { ...pipelineOps };
delete safePipelineOps.$out;
delete safePipelineOps.$merge;

const QUERY_OPS = { ...queryOps, $type: $typeQuery };

const CONTEXT = Context.init({
  accumulator: accumulatorOps,
  expression: { ...expressionOps, $type: $typeExpression },
  pipeline: safePipelineOps,
  projection: projectionOps,
  query: QUERY_OPS,
  window: windowOps,
});

const BASE_OPTIONS = {
  context: CONTEXT,
  idKey: '_id',
  // $where/$function/$accumulator would run client-supplied code in the server process.
  scriptEnabled: false,
  useStrictMode: true,
  failOnError: true,
  processingMode: ProcessingMode.CLONE_OFF,
} satisfies Partial<Options>;

// mingo copies the operator context for every Query it builds; a filter without $expr only
// needs the query operators, which makes that copy (most of a point query's cost) small.
const FILTER_OPTIONS = { ...BASE_OPTIONS, context: Context.init({ query: QUERY_OPS }) };

function usesExpressions(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(usesExpressions);
  if (
    !v ||
    typeof v !== 'object' ||
    (v as { _bsontype?: string })._bsontype ||
    v instanceof Date ||
    v instanceof RegExp
  )
    return false;
  return Object.entries(v).some(([k, x]) => k === '$expr' || usesExpressions(x));
}

// The updater copies its context (and adds to the copy) on every call, so it gets a small one:
// query operators cover arrayFilters, positional matches and $pull conditions.
const UPDATE_OPTIONS = { ...BASE_OPTIONS, context: Context.init({ query: QUERY_OPS }) };

export type Resolver = (collection: string) => Doc[];

// Building a Query copies its operator tables (and the condition): ~0.1 ms, more than most
// point queries take to run. Queries are pure, so one is built per distinct filter and kept.
const QUERY_CACHE = new Map<string, Query>();
const QUERY_CACHE_SIZE = 500;

export function compileFilter(filter: Doc, variables?: Doc): Query {
  if (variables) return new Query(filter, { ...BASE_OPTIONS, variables });
  if (hasUndefined(filter)) return new Query(filter, BASE_OPTIONS); // keyOf skips undefined
  const key = keyOf(filter);
  const cached = QUERY_CACHE.get(key);
  if (cached) {
    // Most recently used last: the first entry is the one to evict.
    QUERY_CACHE.delete(key);
    QUERY_CACHE.set(key, cached);
    return cached;
  }
  const query = new Query(filter, usesExpressions(filter) ? BASE_OPTIONS : FILTER_OPTIONS);
  QUERY_CACHE.set(key, query);
  if (QUERY_CACHE.size > QUERY_CACHE_SIZE) QUERY_CACHE.delete(QUERY_CACHE.keys().next().value!);
  return query;
}

function hasUndefined(v: unknown): boolean {
  if (v === undefined) return true;
  if (Array.isArray(v)) return v.some(hasUndefined);
  if (!v || typeof v !== 'object' || (v as { _bsontype?: string })._bsontype) return false;
  if (v instanceof Date || v instanceof RegExp) return false;
  return Object.values(v).some(hasUndefined);
}

/** The empty query, for sorting and projecting (which mingo hangs off a query's cursor). */
const MATCH_ALL = new Query({}, BASE_OPTIONS);

export interface FindSpec {
  filter: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  variables?: Doc;
}

/** Where a find's documents come from (see planner.ts); a plain iterable is tested and sorted. */
export interface FindSource {
  docs: Iterable<Doc>;
  /** Every document matches: no test needed. */
  exact?: boolean;
  /** Only these conditions remain to be tested (the rest were decided by an index). */
  residual?: Doc;
  /** Already in `sort` order. */
  sorted?: boolean;
}

/**
 * Runs a find over documents: filter, then sort, skip, limit, projection (MongoDB's order).
 * The filter loop is ours so an unsorted (or index-sorted) limited find stops early.
 */
export function findDocs(source: Iterable<Doc> | FindSource, spec: FindSpec, query?: Query): Doc[] {
  const src: FindSource = Symbol.iterator in source ? { docs: source } : source;
  const q = src.exact
    ? null
    : src.residual && src.residual !== spec.filter
      ? compileFilter(src.residual, spec.variables)
      : (query ?? compileFilter(spec.filter, spec.variables));
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  const sorted = !src.sorted && !!spec.sort && Object.keys(spec.sort).length > 0;
  const enough = !sorted && limit ? skip + limit : Infinity;
  let out: Doc[] = [];
  for (const d of src.docs) {
    if (q && !q.test(d)) continue;
    out.push(d);
    if (out.length >= enough) break;
  }
  if (sorted) {
    let cursor = MATCH_ALL.find<Doc>(out).sort(spec.sort as Doc);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    out = cursor.all();
  } else if (skip || limit) {
    out = out.slice(skip, limit ? skip + limit : undefined);
  }
  return projectDocs(out, spec.projection, spec.filter, spec.variables);
}

/** Sorts documents as a find's `sort` does (mingo's stable sort). */
export function sortDocs(docs: Doc[], sort: Doc): Doc[] {
  return MATCH_ALL.find<Doc>(docs).sort(sort).all();
}

/**
 * Applies a projection to documents that matched `filter` (never modifying them). The filter is
 * only needed by the positional `.$` projection, which picks the element the query matched.
 */
export function projectDocs(
  docs: Doc[],
  projection: Doc | undefined,
  filter: Doc = {},
  variables?: Doc,
): Doc[] {
  if (!projection || !Object.keys(projection).length) return docs;
  if (isSliceOnly(projection)) return docs.map((d) => sliceProject(d, projection));
  // mingo removes nested excluded fields in place; give it copies then.
  const input = projectionMutates(projection) ? docs.map((d) => cloneDeep(d) as Doc) : docs;
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  const out = positional
    ? positionalProject(input, projection, compileFilter(filter, variables))
    : MATCH_ALL.find<Doc>(input, projection).all();
  // mingo orders fields as the projection lists them; MongoDB keeps the document's order.
  return out.map((p, i) => inDocumentOrder(p, docs[i] as Doc));
}

/** One by one, as mingo's projection also filters: a document the query no longer matches
 * (findAndModify's new version) keeps its other projected fields. */
function positionalProject(docs: Doc[], projection: Doc, query: Query): Doc[] {
  const rest = Object.fromEntries(Object.entries(projection).filter(([k]) => !k.endsWith('.$')));
  return docs.map(
    (d) =>
      query.find<Doc>([d], projection).all()[0] ??
      MATCH_ALL.find<Doc>([d], Object.keys(rest).length ? rest : { _id: 1 }).all()[0] ??
      {},
  );
}

function inDocumentOrder(projected: Doc, source: Doc): Doc {
  const out: Doc = {};
  for (const k of Object.keys(source)) if (k in projected) out[k] = projected[k];
  for (const k of Object.keys(projected)) if (!(k in out)) out[k] = projected[k];
  return out;
}

const isExclusion = (v: unknown) => v === 0 || v === false;
const isOperatorObject = (v: unknown): v is Doc =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).some((k) => k.startsWith('$'));

/** Nested exclusions ('a.b': 0 or { a: { b: 0 } }) are the projections mingo applies in place. */
function projectionMutates(projection: Doc): boolean {
  return Object.entries(projection).some(
    ([k, v]) =>
      (k.includes('.') && isExclusion(v)) || (!!v && typeof v === 'object' && !isOperatorObject(v)),
  );
}

/**
 * MongoDB treats a projection of only `$slice` (and exclusions) as "all other fields too";
 * mingo returns just the sliced fields. Slice with mingo, keep the rest ourselves.
 */
function isSliceOnly(projection: Doc): boolean {
  const entries = Object.entries(projection);
  return (
    entries.some(([, v]) => isOperatorObject(v) && '$slice' in v) &&
    entries.every(
      ([k, v]) =>
        !k.includes('.') &&
        (isExclusion(v) || (isOperatorObject(v) && Object.keys(v).length === 1 && '$slice' in v)),
    )
  );
}

function sliceProject(doc: Doc, projection: Doc): Doc {
  const slices = Object.fromEntries(
    Object.entries(projection).filter(([, v]) => isOperatorObject(v)),
  );
  const sliced = MATCH_ALL.find<Doc>([doc], slices).all()[0] ?? {};
  const out: Doc = {};
  for (const [k, v] of Object.entries(doc)) {
    if (isExclusion(projection[k])) continue;
    out[k] = k in slices ? sliced[k] : v;
  }
  return out;
}

// Stages that build new objects and never write into their input documents. A pipeline made
// only of these can read stored documents directly; anything else gets cloned input first.
const READ_ONLY_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$unwind',
  '$sortByCount',
  '$bucket',
  '$bucketAuto',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$documents',
]);

const isDoc = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

function isReadOnly(pipeline: Doc[]): boolean {
  return pipeline.every((stage) => {
    const [name, arg] = Object.entries(stage)[0] ?? [];
    if (name === '$facet')
      return Object.values(arg as Doc).every((p) => Array.isArray(p) && isReadOnly(p as Doc[]));
    if (name === '$lookup') return !(arg as Doc)?.['pipeline'];
    if (name === '$project') return !projectionMutates(arg as Doc);
    // mingo adds fields to a shallow copy: safe unless a dotted path reaches a shared sub-document.
    if (name === '$addFields' || name === '$set')
      return isDoc(arg) && Object.keys(arg).every((k) => !k.includes('.'));
    return !!name && READ_ONLY_STAGES.has(name);
  });
}

/** Runs an aggregation pipeline; stored documents are never modified by it. */
export function aggregateDocs(
  docs: Doc[],
  pipeline: Doc[],
  resolver: Resolver,
  variables?: Doc,
): Doc[] {
  const readOnly = isReadOnly(pipeline);
  const agg = new Aggregator(pipeline, {
    ...BASE_OPTIONS,
    processingMode: readOnly ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
    collectionResolver: readOnly
      ? resolver
      : (name: string) => resolver(name).map((d) => cloneDeep(d) as Doc),
    variables,
  });
  return agg.run<Doc>(docs);
}

/**
 * Applies update operators to `doc` in place; returns the modified paths (empty = no change).
 * `condition` is the query, needed by the positional `$` operator.
 */
export function applyModifier(
  doc: Doc,
  modifier: Doc,
  arrayFilters: Doc[],
  condition: Doc | undefined,
): string[] {
  return mingoUpdate(doc, modifier as Modifier<Doc>, arrayFilters, condition, {
    cloneMode: 'deep',
    queryOptions: UPDATE_OPTIONS,
  });
}

/** Applies an aggregation-pipeline update; returns the new document and whether it changed. */
export function applyPipeline(doc: Doc, pipeline: Doc[]): { doc: Doc; changed: boolean } {
  const docs = [doc];
  const res = mingoUpdateOne(
    docs,
    {},
    pipeline as PipelineStage[],
    { cloneMode: 'deep' },
    BASE_OPTIONS,
  );
  return { doc: docs[0] as Doc, changed: res.modifiedCount > 0 };
}
