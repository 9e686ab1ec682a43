/**
 * Query planning: which documents a find, count or update looks at, and whether they already
 * come in the requested sort order. Plans, cheapest first:
 *
 * - `_id` equality: the documents themselves;
 * - an ordered walk that serves the sort (equality on an index's leading fields, the sort on the
 *   next ones, a range on the first of those): stops as soon as the page is full;
 * - equality on an index's leading fields (hash maps) or a range on the next field (ordered
 *   entries): the smaller candidate set;
 * - everything, in natural order.
 *
 * The conditions an index decides by itself (an equality, `$in` or range on a plain index) are
 * left out of the `residual` filter the candidates are still tested with; a plan with none left
 * is `exact`: its documents need no test, and a count need not even fetch them. Results are
 * those of a full scan, ties in natural order included.
 */
import { compare } from 'mingo/util';
import type { Collection, OrderedSource } from './collection.ts';
import { keyOf } from './keys.ts';
import { sortDocs } from './mql.ts';
import { isBoundValue, typeOfValue, type FieldRange, type OrderedKey } from './ordered.ts';
import type { Doc } from './types.ts';

export interface Plan {
  /** Candidates, in the final sort order when `sorted`; natural order when not from an index. */
  docs: Iterable<Doc>;
  /** Every candidate matches the filter (the residual is empty). */
  exact: boolean;
  /** What candidates must still be tested against: the filter less what the index decided. */
  residual: Doc;
  /** `docs` is already in the requested sort order. */
  sorted: boolean;
  /** With `exact`: how many documents match, without fetching them. */
  count?: () => number;
}

/** A plan's test: the filter without the conditions the index decided. */
function residualOf(filter: Doc, decided: Set<string>): Doc {
  if (!decided.size) return filter;
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) if (!decided.has(k)) out[k] = v;
  return out;
}

function makePlan(
  filter: Doc,
  docs: Iterable<Doc>,
  decided: Set<string>,
  sorted: boolean,
  count?: () => number,
): Plan {
  const residual = residualOf(filter, decided);
  const exact = !Object.keys(residual).length;
  return { docs, residual, exact, sorted, count: exact ? count : undefined };
}

/** What one top-level filter condition lets an index do. */
interface FieldCond {
  /** Pinned to one of these values (equality or `$in`). */
  eq?: unknown[];
  range?: FieldRange;
  /** The index decides this condition completely (on plain entries). */
  exact: boolean;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
/** Products of `$in` lists beyond this are not worth walking tuple by tuple. */
const MAX_TUPLES = 200;

/** How a filter condition maps onto an index field; null: it cannot use one. */
export function analyseCondition(cond: unknown): FieldCond | null {
  if (isBoundValue(cond)) return { eq: [cond], exact: true };
  if (!cond || typeof cond !== 'object' || Array.isArray(cond) || cond instanceof RegExp)
    return null;
  const ops = Object.keys(cond);
  if (!ops.length || !ops.every((k) => k.startsWith('$'))) return null;
  const c = cond as Doc;
  let exact = true;
  let eq: unknown[] | undefined;
  const range: FieldRange = {};
  let bounded = false;
  for (const op of ops) {
    const v = c[op];
    if (op === '$eq' && isBoundValue(v) && !eq) {
      eq = [v];
    } else if (op === '$in' && Array.isArray(v) && v.length && v.every(isBoundValue) && !eq) {
      const seen = new Set<string>();
      eq = (v as unknown[]).filter((x) => !seen.has(keyOf(x)) && !!seen.add(keyOf(x)));
    } else if (RANGE_OPS.has(op) && isBoundValue(v)) {
      const type = typeOfValue(v);
      if (range.type && range.type !== type) return { exact: false };
      range.type = type;
      const inclusive = op.endsWith('e');
      const bound = { value: v, inclusive };
      if (op.startsWith('$g')) {
        const c0 = range.lo ? compare(v, range.lo.value) : 1;
        if (c0 > 0 || (c0 === 0 && !inclusive)) range.lo = bound;
      } else {
        const c0 = range.hi ? compare(v, range.hi.value) : -1;
        if (c0 < 0 || (c0 === 0 && !inclusive)) range.hi = bound;
      }
      bounded = true;
    } else if (op === '$ne' && v === null) {
      range.type ??= null;
      bounded = true;
    } else {
      exact = false;
    }
  }
  if (eq) return { eq, exact: exact && !bounded };
  if (bounded) return { range, exact };
  return { exact: false };
}

interface Prefix {
  /** Tuples of leading values to walk (product of each pinned field's values). */
  tuples: unknown[][];
  /** Fields pinned, from the first. */
  length: number;
  /** Filter fields the prefix decides exactly. */
  exactFields: Set<string>;
  single: boolean;
}

function pinnedPrefix(
  src: OrderedSource,
  conds: Map<string, FieldCond | null>,
  max: number,
): Prefix {
  let tuples: unknown[][] = [[]];
  const exactFields = new Set<string>();
  let length = 0;
  for (const f of src.fields.slice(0, max)) {
    const eq = conds.get(f)?.eq;
    if (!eq || tuples.length * eq.length > MAX_TUPLES) break;
    tuples = tuples.flatMap((t) => eq.map((v) => [...t, v]));
    if (conds.get(f)?.exact) exactFields.add(f);
    length++;
  }
  return { tuples, length, exactFields, single: tuples.length === 1 };
}

/** The range condition on `field`, if the filter has one the walk can apply. */
function rangeOn(conds: Map<string, FieldCond | null>, field: string | undefined) {
  const c = field === undefined ? undefined : conds.get(field);
  return c?.range ? c : null;
}

/** Plans how to find the documents of `filter`, sorted by `sort`, `want` of them (0 = all). */
export function plan(coll: Collection, filter: Doc, sort: Doc | undefined, want: number): Plan {
  const byId = coll.idCandidates(filter);
  if (byId) {
    // Fetched by their `_id`s: the condition is decided when those are plain values.
    const exactId = analyseCondition(filter['_id'])?.exact === true;
    const n = byId.length;
    return makePlan(filter, byId, new Set(exactId ? ['_id'] : []), false, () => n);
  }
  const conds = conditionsOf(filter);
  const sortKeys = sort ? Object.entries(sort) : [];

  if (sortKeys.length) {
    const sorted = sortedPlan(coll, filter, conds, sortKeys);
    if (sorted) {
      if (sorted.exact) return sorted;
      const other = candidatePlan(coll, filter, conds);
      const cap = want > 0 ? 4 * want : 0;
      if (!other || (cap && other.size > cap)) return sorted;
      return naturally(coll, other.plan);
    }
  }
  const other = candidatePlan(coll, filter, conds);
  const union = orUnion(coll, filter, other?.size ?? Infinity);
  if (union) return union;
  if (!other) return makePlan(filter, coll.all(), new Set(), false);
  return sortKeys.length ? naturally(coll, other.plan) : other.plan;
}

/** The top-level field conditions of a filter, as an index could use them. */
function conditionsOf(filter: Doc): Map<string, FieldCond | null> {
  const conds = new Map<string, FieldCond | null>();
  for (const [k, v] of Object.entries(filter))
    if (!k.startsWith('$')) conds.set(k, analyseCondition(v));
  return conds;
}

/** The most branches of an `$or` planned one by one. */
const MAX_OR_BRANCHES = 16;

/**
 * An `$or` whose every branch, with the filter's other conditions, an index narrows (as
 * MongoDB's index union): the branches' candidates together, each document once, in natural
 * order, the whole filter still to be decided on them. Null when a branch would need a scan,
 * or when the branches' candidates together are no fewer than `limit` (the plan without it).
 */
function orUnion(coll: Collection, filter: Doc, limit: number): Plan | null {
  const branches = filter['$or'];
  if (!Array.isArray(branches) || !branches.length || branches.length > MAX_OR_BRANCHES)
    return null;
  const rest: Doc = { ...filter };
  delete rest['$or'];
  // Planned (and sized) first: no candidate is read for a union that would lose.
  const parts: Iterable<Doc>[] = [];
  let size = 0;
  for (const branch of branches) {
    if (!branch || typeof branch !== 'object' || Array.isArray(branch)) return null;
    // Every document the whole filter matches through this branch meets these conditions (a
    // condition of the branch on a field replaces the filter's own: fewer, never wrong).
    const sub: Doc = { ...rest, ...(branch as Doc) };
    const byId = coll.idCandidates(sub);
    const part = byId
      ? { docs: byId, size: byId.length }
      : candidatePlan(coll, sub, conditionsOf(sub));
    if (!part) return null;
    size += part.size;
    if (size >= limit) return null;
    parts.push('docs' in part ? part.docs : part.plan.docs);
  }
  const union = new Set<Doc>();
  for (const docs of parts) for (const doc of docs) union.add(doc);
  return makePlan(filter, coll.inNaturalOrder(union), new Set(), false);
}

/** Index candidates about to be sorted go in natural order, so ties fall as in a full scan. */
function naturally(coll: Collection, p: Plan): Plan {
  return { ...p, docs: coll.inNaturalOrder(p.docs) };
}

/** An ordered walk that yields documents in `sortKeys` order, if an index serves the sort. */
function sortedPlan(
  coll: Collection,
  filter: Doc,
  conds: Map<string, FieldCond | null>,
  sortKeys: [string, unknown][],
): Plan | null {
  // The index that decides the most of the filter, then serves the most sort keys.
  let best: { plan: Plan; score: number } | null = null;
  for (const src of coll.orderedSources()) {
    if (!src.orderable || src.sparse) continue;
    const prefix = pinnedPrefix(src, conds, src.fields.length - 1);
    if (!prefix.single) continue;
    // How many sort keys the fields after the prefix serve, in one direction.
    const j = prefix.length;
    let served = 0;
    let reverse: boolean | null = null;
    for (const [key, dir] of sortKeys) {
      const field = src.fields[j + served];
      if (field !== key || (dir !== 1 && dir !== -1)) break;
      const r = dir !== src.dirs[j + served];
      if (reverse !== null && r !== reverse) break;
      reverse = r;
      served++;
    }
    if (!served) continue;
    const ranged = rangeOn(conds, src.fields[j]);
    const decided = new Set(prefix.exactFields);
    if (ranged?.exact) decided.add(src.fields[j] as string);
    const walk = () =>
      src.ordered.walk(prefix.tuples[0] as unknown[], ranged?.range ?? null, !!reverse);
    const score = decided.size * 100 + (ranged ? 10 : 0) + served;
    if (best && best.score >= score) continue;
    const rest = sortKeys.slice(served);
    const span = [j, j + served] as const;
    // A group's entries are in natural order only when walked forwards on its last fields.
    const reorder = !!reverse || src.fields.length > j + served;
    const docs = sortedDocs(
      coll,
      walk,
      span,
      reorder,
      rest.length ? Object.fromEntries(rest) : null,
    );
    best = { plan: makePlan(filter, docs, decided, true, () => countOf(walk())), score };
  }
  return best?.plan ?? null;
}

/**
 * Documents of an ordered walk, grouped by the sort-serving key positions `span`; each group of
 * ties in natural order, then sorted by the remaining sort keys (as mingo's stable sort would).
 */
function* sortedDocs(
  coll: Collection,
  walk: () => Iterable<[OrderedKey, string]>,
  span: readonly [number, number],
  reorder: boolean,
  rest: Doc | null,
): Generator<Doc> {
  let group: [number, Doc][] = [];
  let groupKey: OrderedKey | null = null;
  const flush = function* (): Generator<Doc> {
    if (group.length > 1 && (reorder || rest)) {
      if (reorder) group.sort((a, b) => a[0] - b[0]);
      const docs = group.map((g) => g[1]);
      yield* rest ? sortDocs(docs, rest) : docs;
    } else {
      for (const g of group) yield g[1];
    }
    group = [];
  };
  for (const [key, id] of walk()) {
    if (groupKey && !sameSpan(groupKey, key, span)) yield* flush();
    groupKey = key;
    const doc = coll.docByKey(id);
    if (doc) group.push([key[key.length - 1] as number, doc]);
  }
  yield* flush();
}

function sameSpan(a: OrderedKey, b: OrderedKey, [from, to]: readonly [number, number]): boolean {
  for (let i = from; i < to; i++) if (compare(a[i], b[i]) !== 0) return false;
  return true;
}

function countOf(entries: Iterable<unknown>, limit = Infinity): number {
  let n = 0;
  const it = entries[Symbol.iterator]();
  while (n < limit && !it.next().done) n++;
  return n;
}

/** The smallest candidate set from equality (hash maps) or a range (ordered entries). */
function candidatePlan(
  coll: Collection,
  filter: Doc,
  conds: Map<string, FieldCond | null>,
): { plan: Plan; size: number } | null {
  let best: { plan: Plan; size: number } | null = null;
  const hash = coll.hashCandidates(filter);
  if (hash) {
    const ix = coll.orderedSources().find((s) => s.index === hash.index);
    const decided = new Set<string>();
    if (ix?.orderable && !ix.sparse) {
      for (const f of hash.fields) if (conds.get(f)?.exact && conds.get(f)?.eq) decided.add(f);
    }
    if (!hash.distinct) decided.clear();
    const plan = makePlan(filter, coll.resolveIds(hash.sets), decided, false, () => hash.size);
    best = { size: hash.size, plan };
  }
  for (const src of coll.orderedSources()) {
    if (!src.orderable) continue;
    const prefix = pinnedPrefix(src, conds, src.fields.length - 1);
    const field = src.fields[prefix.length];
    const ranged = rangeOn(conds, field);
    if (!ranged || (src.sparse && ranged.range?.type === undefined)) continue;
    const walk = function* () {
      for (const t of prefix.tuples) yield* src.ordered.walk(t, ranged.range ?? null, false);
    };
    const decided = new Set(prefix.exactFields);
    if (ranged.exact) decided.add(field as string);
    // Count up to the best so far (an exact plan beats an inexact one up to twice its size).
    const exact = !Object.keys(residualOf(filter, decided)).length;
    const limit = !best ? Infinity : exact && !best.plan.exact ? 2 * best.size : best.size;
    const size = nonNullCount(src, prefix, ranged.range) ?? countOf(walk(), limit);
    if (size >= limit) continue;
    best = {
      size,
      plan: makePlan(filter, coll.resolveIds([walkIds(walk)]), decided, false, () => size),
    };
  }
  return best;
}

/**
 * `{ $ne: null }` after an equality prefix (how "has a price" reads) counted from the hash maps
 * in O(1): the prefix's documents less those holding null there. Null otherwise.
 */
function nonNullCount(src: OrderedSource, prefix: Prefix, range: FieldRange | undefined) {
  if (!range || range.lo || range.hi || range.type !== null || !prefix.single) return null;
  const t = prefix.tuples[0] as unknown[];
  const all = t.length ? (src.index.lookup(t)?.size ?? 0) : src.ordered.size;
  return all - (src.index.lookup([...t, null])?.size ?? 0);
}

function* walkIds(walk: () => Iterable<[OrderedKey, string]>): Generator<string> {
  for (const [, id] of walk()) yield id;
}
