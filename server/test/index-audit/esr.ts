import type { Document, IndexDescription } from 'mongodb';

/**
 * The equality–sort–range check of a query against a collection's indexes, as MongoDB's planner
 * would serve it. A query reads through an index when some index's key pattern starts with all
 * its equality fields (any order), then its sort fields in order (all in the index's direction,
 * or all reversed), then its range fields (any order). Chosen simplifications:
 *
 * - `$in` with one value is an equality; with more values it is an equality for the prefix. A
 *   sort after it: MongoDB merges the sorted runs of up to 200 point ranges. A list of a few
 *   states or kinds (a field that is not selective, below) stays that short by construction, so
 *   the sort is served; a list of ids grows past that with the data, so a sort after it is a
 *   blocking sort, unless the sort's first field is the `$in` field itself.
 * - Negations (`$ne`, `$nin`, `$not`, `$exists: false`) and `$expr` narrow nothing: they are
 *   checked on the documents the index found, so they need no key (a query made only of them
 *   reads the whole collection).
 * - Equality on `_id`, or on every key of a unique index (`$in` too), finds at most a few
 *   documents: always fine, sort included (a bounded sort of those few).
 * - A partial index serves a query only if the query repeats its filter's conditions.
 * - A selective equality (a field naming one parent or one thing: `…Id`, `…Ref`, `…Key`,
 *   `…Hash`, `…Code`, `_id`, `id`, `uid`, `ip`, `email`, `slug`, `number`) at the head of the index bounds what it
 *   finds to a small set (one user's orders, one product's offers): the query's other equality
 *   and range conditions may then be checked on those documents. The sort must still come from
 *   the index. Without one (statuses, flags, dates) every equality and range field must be in
 *   the index: `{status: 'approved', updatedAt: {$lt}}` on `{status: 1, createdAt: -1}` reads
 *   every approved order ever.
 * - Equality on `orderId` (see SMALL_SETS), or a list of them (a page's), finds a handful of
 *   documents: their sort may be done in memory.
 * - A query without any condition and without a sort reads everything it asks for: fine with a
 *   limit (a first page), a whole-collection read without one.
 * - `$or`: each branch, with the conditions beside the `$or`, must fit on its own (and serve the
 *   sort, MongoDB merging the branches in order).
 */

export type Op =
  'find' | 'aggregate' | 'count' | 'distinct' | 'update' | 'delete' | 'findAndModify';

export type Predicate = {
  /** Fields compared to one value (also `$in` with one value, `$all`, `null`). */
  eq: string[];
  /** Fields compared to several values (`$in`). */
  inMany: string[];
  /** Fields bounded by a range (`$gt`…, `$exists: true`, anchored `$regex`, `$type`). */
  range: string[];
  /** Fields matched by an unanchored or case-insensitive `$regex`: an index scan of every key. */
  regex: string[];
  /** Fields only negated (`$ne`, `$nin`, `$not`…) or compared in `$expr`: checked, not looked up. */
  residual: string[];
  /** Each `$or` branch (already merged with the conditions beside the `$or`). */
  or: Predicate[] | null;
  /** The raw values of the equality conditions, to check a partial index's filter against. */
  values: Record<string, unknown>;
};

export type QueryShape = {
  collection: string;
  op: Op;
  predicate: Predicate;
  sort: [string, 1 | -1][];
  limited: boolean;
};

export type Verdict = { ok: true } | { ok: false; reason: string; closest: string | null };

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte', '$type', '$size', '$mod', '$bitsAllSet']);
const NEGATIONS = new Set(['$ne', '$nin', '$not']);

const emptyPredicate = (): Predicate => ({
  eq: [],
  inMany: [],
  range: [],
  regex: [],
  residual: [],
  or: null,
  values: {},
});

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Date) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

function regexIsAnchored(source: unknown, options: unknown): boolean {
  const pattern =
    source instanceof RegExp ? source.source : typeof source === 'string' ? source : '';
  const flags =
    source instanceof RegExp ? source.flags : typeof options === 'string' ? options : '';
  return pattern.startsWith('^') && !flags.includes('i');
}

function addField(p: Predicate, field: string, cond: unknown) {
  if (cond instanceof RegExp) {
    (regexIsAnchored(cond, '') ? p.range : p.regex).push(field);
    return;
  }
  if (!isOperatorObject(cond)) {
    p.eq.push(field);
    p.values[field] = cond;
    return;
  }
  const ops = Object.keys(cond);
  if ('$elemMatch' in cond) {
    const inner = cond.$elemMatch;
    if (isOperatorObject(inner)) addField(p, field, inner);
    else if (isPlainObject(inner)) {
      const sub = predicateOf(inner);
      const prefix = (f: string) => `${field}.${f}`;
      p.eq.push(...sub.eq.map(prefix));
      p.inMany.push(...sub.inMany.map(prefix));
      p.range.push(...sub.range.map(prefix));
      p.regex.push(...sub.regex.map(prefix));
      p.residual.push(...sub.residual.map(prefix));
    }
    return;
  }
  if ('$eq' in cond) {
    p.eq.push(field);
    p.values[field] = cond.$eq;
    return;
  }
  if ('$in' in cond && Array.isArray(cond.$in)) {
    if (cond.$in.length === 1) {
      p.eq.push(field);
      p.values[field] = cond.$in[0];
    } else p.inMany.push(field);
    return;
  }
  if ('$all' in cond) {
    p.eq.push(field);
    return;
  }
  if ('$regex' in cond) {
    (regexIsAnchored(cond.$regex, cond.$options) ? p.range : p.regex).push(field);
    return;
  }
  if ('$exists' in cond && ops.length === 1) {
    if (cond.$exists) {
      p.range.push(field);
      p.values[field] = cond;
    } else p.residual.push(field);
    return;
  }
  if (ops.some((op) => RANGE_OPS.has(op))) {
    p.range.push(field);
    p.values[field] = cond;
    return;
  }
  if (ops.every((op) => NEGATIONS.has(op) || op === '$exists')) {
    p.residual.push(field);
    return;
  }
  p.residual.push(field);
}

function merge(a: Predicate, b: Predicate): Predicate {
  return {
    eq: [...a.eq, ...b.eq],
    inMany: [...a.inMany, ...b.inMany],
    range: [...a.range, ...b.range],
    regex: [...a.regex, ...b.regex],
    residual: [...a.residual, ...b.residual],
    or: a.or ?? b.or,
    values: { ...a.values, ...b.values },
  };
}

/** The fields a filter looks up by equality, by range, and the ones it only checks. */
export function predicateOf(filter: Document | undefined | null): Predicate {
  let p = emptyPredicate();
  if (!filter) return p;
  const ors: Predicate[][] = [];
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const part of cond) {
        const sub = predicateOf(part as Document);
        if (sub.or) ors.push(sub.or);
        p = merge(p, { ...sub, or: null });
      }
    } else if ((key === '$or' || key === '$nor') && Array.isArray(cond)) {
      if (key === '$nor') p.residual.push('$nor');
      else ors.push(cond.map((branch) => predicateOf(branch as Document)));
    } else if (key === '$expr' || key === '$where' || key === '$comment') {
      if (key !== '$comment') p.residual.push(key);
    } else if (key === '$text') {
      p.regex.push('$text');
    } else {
      addField(p, key, cond);
    }
  }
  if (ors.length) {
    // Several $or (through $and): their product, each branch beside the other conditions.
    let branches: Predicate[] = [emptyPredicate()];
    for (const or of ors) branches = branches.flatMap((b) => or.map((o) => merge(b, o)));
    p.or = branches.map((b) => merge({ ...p, or: null }, b));
  }
  return p;
}

/** The sort as the driver sends it: a Map (its own `formatSort`) or a plain document. */
function sortOf(sort: unknown): [string, 1 | -1][] {
  const entries =
    sort instanceof Map
      ? [...(sort as Map<string, unknown>).entries()]
      : isPlainObject(sort)
        ? Object.entries(sort)
        : [];
  return entries.filter(([, dir]) => dir === 1 || dir === -1).map(([f, dir]) => [f, dir as 1 | -1]);
}

/**
 * The queries one command sends (a bulk update sends several; a `$lookup` queries another
 * collection by its foreign field). Commands that query nothing answer none.
 */
export function shapesOfCommand(name: string, command: Document): QueryShape[] {
  const coll = command[name] as unknown;
  if (typeof coll !== 'string') return [];
  const shape = (
    op: Op,
    filter: Document | undefined,
    sort: unknown,
    limited: boolean,
  ): QueryShape => ({
    collection: coll,
    op,
    predicate: predicateOf(filter),
    sort: sortOf(sort),
    limited,
  });
  switch (name) {
    case 'find':
      return [
        shape(
          'find',
          command.filter as Document,
          command.sort,
          (typeof command.limit === 'number' && command.limit > 0) || command.singleBatch === true,
        ),
      ];
    case 'count':
      return command.query && Object.keys(command.query as Document).length
        ? [shape('count', command.query as Document, null, false)]
        : []; // a count of the whole collection is read from its metadata
    case 'distinct': {
      // Without a condition, an index led by the key answers it (a DISTINCT_SCAN): asked for as
      // a sort on the key, which only such an index serves.
      const query = command.query as Document | undefined;
      const all = !query || !Object.keys(query).length;
      return [shape('distinct', query, all ? { [command.key as string]: 1 } : null, false)];
    }
    case 'findAndModify':
      return [shape('findAndModify', command.query as Document, command.sort, true)];
    case 'update':
      return ((command.updates as Document[] | undefined) ?? []).map((u) =>
        shape('update', u.q as Document, u.sort, !u.multi),
      );
    case 'delete':
      return ((command.deletes as Document[] | undefined) ?? []).map((d) =>
        shape('delete', d.q as Document, null, d.limit === 1),
      );
    case 'aggregate':
      return shapesOfPipeline(coll, (command.pipeline as Document[] | undefined) ?? []);
    default:
      return [];
  }
}

function shapesOfPipeline(collection: string, pipeline: Document[]): QueryShape[] {
  const first = pipeline[0];
  if (!first) return [];
  if ('$changeStream' in first || '$collStats' in first || '$indexStats' in first) return [];
  let i = 0;
  let filter: Document = {};
  let sort: unknown = null;
  if ('$match' in first) {
    filter = first.$match as Document;
    i = 1;
  }
  const next = pipeline[i];
  if (next && '$sort' in next) {
    sort = next.$sort;
    i++;
  }
  const limited = pipeline[i] !== undefined && '$limit' in pipeline[i]!;
  const shapes: QueryShape[] = [
    { collection, op: 'aggregate', predicate: predicateOf(filter), sort: sortOf(sort), limited },
  ];
  for (const stage of pipeline) {
    const lookup = stage.$lookup as Document | undefined;
    if (lookup && typeof lookup.from === 'string' && typeof lookup.foreignField === 'string') {
      shapes.push({
        collection: lookup.from,
        op: 'aggregate',
        predicate: { ...emptyPredicate(), eq: [lookup.foreignField] },
        sort: [],
        limited: false,
      });
    }
  }
  return shapes;
}

/** A short text of a query's shape: what the failure message and the exemptions name. */
export function describeShape(s: QueryShape): string {
  return `${s.collection} ${s.op} ${describePredicate(s.predicate)}${
    s.sort.length ? ` sort {${s.sort.map(([f, d]) => `${f}: ${d}`).join(', ')}}` : ''
  }${s.limited ? ' limit' : ''}`;
}

function describePredicate(p: Predicate): string {
  const parts = [
    ...p.eq.map((f) => `${f}: eq`),
    ...p.inMany.map((f) => `${f}: in`),
    ...p.range.map((f) => `${f}: range`),
    ...p.regex.map((f) => `${f}: regex`),
    ...p.residual.map((f) => `${f}: not`),
  ].sort();
  const base = `{${parts.join(', ')}}`;
  if (!p.or) return base;
  return `{$or: [${p.or.map(describePredicate).join(' | ')}]}`;
}

const keysOf = (ix: IndexDescription): [string, unknown][] => Object.entries(ix.key as Document);

export const describeIndex = (ix: IndexDescription): string =>
  `{${keysOf(ix)
    .map(([f, d]) => `${f}: ${String(d)}`)
    .join(', ')}}${ix.unique ? ' unique' : ''}${ix.partialFilterExpression ? ' partial' : ''}`;

/** Whether the query's conditions imply the partial index's filter (the planner's own test, simplified). */
function impliesPartial(p: Predicate, partial: Document | undefined): boolean {
  if (!partial) return true;
  return Object.entries(partial).every(([field, cond]) => {
    if (!(field in p.values)) return false;
    const value = p.values[field];
    if (isOperatorObject(cond)) {
      if ('$exists' in cond && cond.$exists === true) return value !== null && value !== undefined;
      if ('$eq' in cond) return JSON.stringify(value) === JSON.stringify(cond.$eq);
      if ('$type' in cond) return value !== null && value !== undefined;
      return JSON.stringify(value) === JSON.stringify(cond);
    }
    return JSON.stringify(value) === JSON.stringify(cond);
  });
}

type Fit = { ok: boolean; score: number; reason: string };

const SELECTIVE =
  /(^|\.)(_id|id|uid|ip|email|slug|number|hash|code|scope|instrument|[A-Za-z]*(Id|Ref|Reference|Key|Hash|Code))$/;

/** Whether equality on `field` narrows to one parent's documents (see the rules above). */
export const isSelective = (field: string) => SELECTIVE.test(field);

/**
 * Fields whose equality finds a handful of documents by construction, so sorting them in memory
 * is bounded: anything of one order (its lines, keys, refunds, purchases, claims) is at most
 * the units one order may hold (ORDER_HOLD_MAX_UNITS); of a list of orders, a page of them.
 */
const SMALL_SETS = new Set(['orderId']);

/** How far `index` serves one branch (no `$or`) with `sort`. */
function fitIndex(p: Predicate, sort: [string, 1 | -1][], ix: IndexDescription): Fit {
  const keys = keysOf(ix);
  if (keys.some(([, d]) => d !== 1 && d !== -1))
    return { ok: false, score: 0, reason: 'not a b-tree index' };
  if (!impliesPartial(p, ix.partialFilterExpression as Document | undefined))
    return { ok: false, score: 0, reason: 'the query does not repeat the partial filter' };
  const eq = new Set(p.eq);
  const inMany = new Set(p.inMany);
  // Sort fields pinned by an equality are sorted already.
  const sortLeft = sort.filter(([f]) => !eq.has(f));
  const points = new Set([...eq, ...inMany]);
  let i = 0;
  let score = 0;
  // 1. Equality (and $in) fields, in any order.
  const seenPoints = new Set<string>();
  // A field the partial filter pins by equality is the same in every key: as good as a key.
  const partial = (ix.partialFilterExpression ?? {}) as Document;
  for (const f of eq) if (f in partial && !isOperatorObject(partial[f])) seenPoints.add(f);
  while (
    i < keys.length &&
    points.has(keys[i]![0]) &&
    !(sortLeft[0] && keys[i]![0] === sortLeft[0][0])
  ) {
    seenPoints.add(keys[i]![0]);
    i++;
    score += 10;
  }
  // A selective equality ahead bounds the documents: the rest may be checked on them.
  const bounded = [...seenPoints].some(isSelective);
  const missingEq = [...points].filter(
    (f) => !seenPoints.has(f) && !sortLeft.some(([s]) => s === f),
  );
  // With a sort, an equality may also come after the sort's keys (checked on the keys, the sort
  // still served); without one it belongs in the prefix.
  if (missingEq.length && !bounded && !sortLeft.length)
    return {
      ok: false,
      score,
      reason: `equality on ${missingEq.join(', ')} not in the index prefix`,
    };
  // 2. The sort, in order, all in the index's direction or all reversed (or, for a handful of
  // documents found by a small-set equality, in memory).
  const few = [...seenPoints].some((f) => SMALL_SETS.has(f));
  if (sortLeft.length && !few) {
    const inBeforeSort = [...inMany].filter((f) => seenPoints.has(f) && isSelective(f));
    if (inBeforeSort.length)
      return {
        ok: false,
        score,
        reason: `$in on ${inBeforeSort.join(', ')} before the sort: a blocking sort`,
      };
    let direction: 1 | -1 | null = null;
    for (const [field, dir] of sortLeft) {
      const key = keys[i];
      if (!key || key[0] !== field)
        return {
          ok: false,
          score,
          reason: `sort on ${field} not served by the index (blocking sort)`,
        };
      const d = (key[1] === dir ? 1 : -1) as 1 | -1;
      direction ??= d;
      if (d !== direction)
        return {
          ok: false,
          score,
          reason: 'sort directions mixed against the index (blocking sort)',
        };
      i++;
      score += 5;
    }
  }
  // 3. Range fields, in any order (a sort field may carry a range too), and the equalities the
  // prefix left out. A condition the partial filter states itself needs no key.
  const sameAsPartial = (f: string) =>
    f in partial && JSON.stringify(partial[f]) === JSON.stringify(p.values[f]);
  const coveredByPartial = [...p.range, ...missingEq].filter(sameAsPartial);
  score += coveredByPartial.length * 3;
  const ranges = new Set(
    [...p.range, ...p.regex, ...missingEq].filter(
      (f) => !sortLeft.some(([s]) => s === f) && !sameAsPartial(f),
    ),
  );
  const seenRanges = new Set<string>();
  while (i < keys.length && ranges.has(keys[i]![0])) {
    seenRanges.add(keys[i]![0]);
    i++;
    score += 3;
  }
  const missingRange = [...ranges].filter((f) => !seenRanges.has(f));
  if (missingRange.length && !bounded && !few)
    return {
      ok: false,
      score,
      reason: `condition on ${missingRange.join(', ')} not in the index after the equality and sort fields`,
    };
  if (score === 0) return { ok: false, score, reason: 'the index serves none of the query' };
  return { ok: true, score, reason: '' };
}

/** A point lookup: `_id`, or every key of a unique index, by equality or a list. */
function isPointLookup(p: Predicate, indexes: IndexDescription[]): boolean {
  const points = new Set([...p.eq, ...p.inMany]);
  if (points.has('_id')) return true;
  return indexes.some(
    (ix) => ix.unique && !ix.partialFilterExpression && keysOf(ix).every(([f]) => points.has(f)),
  );
}

function checkBranch(
  p: Predicate,
  shape: QueryShape,
  indexes: IndexDescription[],
): { ok: boolean; reason: string; closest: IndexDescription | null } {
  if (isPointLookup(p, indexes)) return { ok: true, reason: '', closest: null };
  if (p.regex.length)
    return {
      ok: false,
      reason: `unanchored regex on ${p.regex.join(', ')} scans every key`,
      closest: null,
    };
  if (isPointLookup(p, indexes)) return { ok: true, reason: '', closest: null };
  const searched = p.eq.length + p.inMany.length + p.range.length;
  if (!searched && !shape.sort.length) {
    if (shape.limited || shape.op === 'count') return { ok: true, reason: '', closest: null };
    return {
      ok: false,
      reason: p.residual.length
        ? `only negated conditions (${p.residual.join(', ')}): reads the whole collection`
        : 'no condition and no limit: reads the whole collection',
      closest: null,
    };
  }
  const all: IndexDescription[] = [{ key: { _id: 1 }, name: '_id_', unique: true }, ...indexes];
  let best: { fit: Fit; ix: IndexDescription } | null = null;
  for (const ix of all) {
    const fit = fitIndex(p, shape.sort, ix);
    if (fit.ok) return { ok: true, reason: '', closest: ix };
    if (!best || fit.score > best.fit.score) best = { fit, ix };
  }
  return {
    ok: false,
    reason: best && best.fit.score > 0 ? best.fit.reason : 'no index starts with its fields',
    closest: best && best.fit.score > 0 ? best.ix : null,
  };
}

/** Whether `indexes` (the collection's declared ones; `_id` is implied) serve `shape`. */
export function checkShape(shape: QueryShape, indexes: IndexDescription[]): Verdict {
  const branches = shape.predicate.or ?? [shape.predicate];
  for (const branch of branches) {
    const r = checkBranch(branch, shape, indexes);
    if (!r.ok) {
      const which = shape.predicate.or ? ` (in the $or branch ${describePredicate(branch)})` : '';
      return {
        ok: false,
        reason: r.reason + which,
        closest: r.closest ? describeIndex(r.closest) : null,
      };
    }
  }
  return { ok: true };
}
