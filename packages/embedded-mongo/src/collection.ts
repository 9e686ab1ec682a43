import {
  badValue,
  indexKeySpecsConflict,
  indexNotFound,
  indexOptionsConflict,
  invalidOptions,
} from './errors.ts';
import {
  duplicateKeyError,
  ID_INDEX,
  Index,
  sameEntries,
  sameIndexOptions,
  type Entries,
  type IndexSpec,
} from './indexes.ts';
import { keyOf } from './keys.ts';
import type { OrderedEntries } from './ordered.ts';
import { plan, type Plan } from './planner.ts';
import type { Doc } from './types.ts';

/** An index as the planner sees it: its fields in order, and whether ranges may use it. */
export interface OrderedSource {
  index: Index;
  fields: string[];
  dirs: number[];
  sparse: boolean;
  orderable: boolean;
  ordered: OrderedEntries;
}

export interface HashCandidates {
  index: Index;
  /** The leading fields pinned. */
  fields: string[];
  sets: ReadonlySet<string>[];
  size: number;
  distinct: boolean;
}

/**
 * One collection's documents and indexes, with the unique constraints enforced.
 * Stored documents are never mutated: updates build a new object and `replace` swaps it in,
 * so cursors and replies can hold references safely.
 */
export class Collection {
  readonly db: string;
  readonly name: string;
  readonly options: Doc;
  /** keyOf(_id) → document, in insertion (natural) order. */
  private readonly docs = new Map<string, Doc>();
  /** keyOf(_id) → insertion sequence: natural order, which ordered indexes break ties by. */
  private readonly seqs = new Map<string, number>();
  private nextSeq = 0;
  private readonly secondary: Index[] = [];

  constructor(db: string, name: string, options: Doc = {}) {
    this.db = db;
    this.name = name;
    this.options = options;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  all(): Doc[] {
    return Array.from(this.docs.values());
  }

  byId(id: unknown): Doc | undefined {
    return this.docs.get(keyOf(id));
  }

  get indexes(): readonly Index[] {
    return this.secondary;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...this.secondary.map((i) => i.spec)];
  }

  /** Plans a query: the candidate documents and whether they are exact and sorted. */
  plan(filter: Doc, sort?: Doc, want = 0): Plan {
    return plan(this, filter, sort, want);
  }

  docByKey(idKey: string): Doc | undefined {
    return this.docs.get(idKey);
  }

  /** Candidates in natural order (ties of a sort then fall as in a full scan). */
  inNaturalOrder(docs: Iterable<Doc>): Doc[] {
    const withSeq = Array.from(docs, (d) => [this.seqs.get(keyOf(d['_id'])) ?? 0, d] as const);
    return withSeq.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  }

  /** The documents a filter pins by `_id` equality (or `$in`), else null. */
  idCandidates(filter: Doc): Doc[] | null {
    const id = filter['_id'];
    if (id === undefined) return null;
    const values = equalityValues(id, true);
    if (!values) return null;
    const keys = new Set(values.map(keyOf)); // each document once, however often it is asked for
    return [...keys].map((k) => this.docs.get(k)).filter((d): d is Doc => !!d);
  }

  /** Every index, as the planner walks it in order. */
  orderedSources(): OrderedSource[] {
    const out: OrderedSource[] = [];
    for (const ix of this.secondary) {
      if (!ix.ordered) continue;
      out.push({
        index: ix,
        fields: ix.fields,
        dirs: Object.values(ix.spec.key),
        sparse: !!ix.spec.sparse,
        orderable: ix.orderable,
        ordered: ix.ordered,
      });
    }
    return out;
  }

  /**
   * The smallest candidate set of an index whose leading fields the filter pins by equality
   * (`distinct`: each pinned tuple once, so on a plain index the sets are disjoint).
   */
  hashCandidates(filter: Doc): HashCandidates | null {
    let best: HashCandidates | null = null;
    for (const ix of this.secondary) {
      if (!ix.lookupable) continue;
      // The longest leading run of fields the filter pins (an index prefix, as on MongoDB).
      const perField: unknown[][] = [];
      for (const f of ix.fields) {
        const vs = equalityValues(filter[f], false);
        if (!vs || vs.length === 0) break;
        perField.push(vs);
      }
      if (!perField.length) continue;
      // Cartesian product of the pinned values ($in gives several); keep it small.
      let tuples: unknown[][] = [[]];
      for (const vs of perField) tuples = tuples.flatMap((t) => vs.map((v) => [...t, v]));
      if (tuples.length > 1000) continue;
      const distinct = new Set(tuples.map(keyOf)).size === tuples.length;
      const sets = tuples.map((t) => ix.lookup(t)).filter((x): x is ReadonlySet<string> => !!x);
      const size = sets.reduce((n, x) => n + x.size, 0);
      if (!best || size < best.size) {
        best = { index: ix, fields: ix.fields.slice(0, perField.length), sets, size, distinct };
      }
      if (best.size <= 1) break;
    }
    return best;
  }

  /** Lazily, so a limited query stops early; callers finish iterating before writing. */
  *resolveIds(sets: Iterable<string>[]): Generator<Doc> {
    const seen = sets.length > 1 ? new Set<string>() : null;
    for (const set of sets) {
      for (const k of set) {
        if (seen) {
          if (seen.has(k)) continue;
          seen.add(k);
        }
        const doc = this.docs.get(k);
        if (doc) yield doc;
      }
    }
  }

  /** Throws a duplicate-key error if `doc` (stored under `idKey`) would break a unique index. */
  private checkUnique(doc: Doc, idKey: string, entries: (Entries | null)[]): void {
    this.secondary.forEach((ix, i) => {
      const hit = ix.conflict(doc, idKey, entries[i] ?? null);
      if (hit) throw duplicateKeyError(this.ns, ix.spec.name, ix.spec.key, ix.keyValue(hit.values));
    });
  }

  insert(doc: Doc): void {
    const idKey = keyOf(doc['_id']);
    if (this.docs.has(idKey))
      throw duplicateKeyError(this.ns, '_id_', { _id: 1 }, { _id: doc['_id'] });
    const entries = this.secondary.map((ix) => ix.entriesOf(doc));
    this.checkUnique(doc, idKey, entries);
    const seq = this.nextSeq++;
    this.docs.set(idKey, doc);
    this.seqs.set(idKey, seq);
    this.secondary.forEach((ix, i) => ix.add(idKey, seq, entries[i] ?? null));
  }

  /** Swaps in a new version of a stored document (same `_id`). */
  replace(prev: Doc, next: Doc): void {
    const idKey = keyOf(prev['_id']);
    const before = this.secondary.map((ix) => ix.entriesOf(prev));
    const after = this.secondary.map((ix) => ix.entriesOf(next));
    this.checkUnique(next, idKey, after);
    const seq = this.seqs.get(idKey) as number;
    this.secondary.forEach((ix, i) => {
      if (sameEntries(before[i] ?? null, after[i] ?? null)) return;
      ix.remove(idKey, seq, before[i] ?? null);
      ix.add(idKey, seq, after[i] ?? null);
    });
    this.docs.set(idKey, next);
  }

  /** Inserts or replaces by `_id` (journal replay). */
  put(doc: Doc): void {
    const prev = this.byId(doc['_id']);
    if (prev) this.replace(prev, doc);
    else this.insert(doc);
  }

  remove(doc: Doc): boolean {
    const idKey = keyOf(doc['_id']);
    const stored = this.docs.get(idKey);
    if (!stored) return false;
    const seq = this.seqs.get(idKey) as number;
    for (const ix of this.secondary) ix.remove(idKey, seq, ix.entriesOf(stored));
    this.docs.delete(idKey);
    this.seqs.delete(idKey);
    return true;
  }

  /** Validates a new index against the existing ones; returns false when it already exists. */
  checkNewIndex(spec: IndexSpec): boolean {
    if (spec.name === '_id_') return false;
    for (const ix of this.secondary) {
      const sameKey = keyOf(ix.spec.key) === keyOf(spec.key);
      if (ix.spec.name === spec.name) {
        if (sameKey && sameIndexOptions(ix.spec, spec)) return false;
        throw indexKeySpecsConflict(
          `An existing index has the same name as the requested index but different key or options: ${spec.name}`,
        );
      }
      if (sameKey && sameIndexOptions(ix.spec, spec)) {
        throw indexOptionsConflict(`Index already exists with a different name: ${ix.spec.name}`);
      }
    }
    return true;
  }

  /** Builds an index over the existing documents; a unique violation aborts it. */
  createIndex(spec: IndexSpec): boolean {
    if (!this.checkNewIndex(spec)) return false;
    const ix = new Index(spec);
    for (const [idKey, doc] of this.docs) {
      const entries = ix.entriesOf(doc);
      const hit = ix.conflict(doc, idKey, entries);
      if (hit) throw duplicateKeyError(this.ns, spec.name, spec.key, ix.keyValue(hit.values));
      ix.add(idKey, this.seqs.get(idKey) as number, entries);
    }
    this.secondary.push(ix);
    return true;
  }

  /** Resolves dropIndexes' `index` argument (name or key pattern) to index names. */
  resolveIndexNames(target: unknown): string[] {
    if (target === '*') return this.secondary.map((i) => i.spec.name);
    const names = Array.isArray(target) ? target : [target];
    return names.map((t) => {
      if (t === '_id_' || (typeof t === 'object' && t && keyOf(t) === keyOf(ID_INDEX.key))) {
        throw invalidOptions('cannot drop _id index');
      }
      const ix =
        typeof t === 'string'
          ? this.secondary.find((i) => i.spec.name === t)
          : typeof t === 'object' && t
            ? this.secondary.find((i) => keyOf(i.spec.key) === keyOf(t))
            : undefined;
      if (!ix) {
        if (typeof t !== 'string' && (typeof t !== 'object' || !t))
          throw badValue('invalid index argument');
        throw indexNotFound(
          `index not found with name [${typeof t === 'string' ? t : JSON.stringify(t)}]`,
        );
      }
      return ix.spec.name;
    });
  }

  dropIndex(name: string): boolean {
    const i = this.secondary.findIndex((ix) => ix.spec.name === name);
    if (i < 0) return false;
    this.secondary.splice(i, 1);
    return true;
  }
}

/**
 * Values a filter condition pins by plain equality (`v`, `{ $eq: v }`, `{ $in: [...] }`), else
 * null. Secondary indexes only take scalars: their keys are exact where mingo's equality is
 * looser for embedded documents (field order) and arrays.
 */
function equalityValues(cond: unknown, allowDocs: boolean): unknown[] | null {
  if (cond === undefined || cond === null || cond instanceof RegExp || Array.isArray(cond))
    return null;
  if (
    typeof cond !== 'object' ||
    (cond as { _bsontype?: string })._bsontype ||
    cond instanceof Date
  )
    return [cond];
  const keys = Object.keys(cond);
  if (!keys.some((k) => k.startsWith('$'))) return allowDocs ? [cond] : null;
  if (keys.length !== 1) return null;
  const c = cond as Doc;
  if (keys[0] === '$eq') return equalityValues(c['$eq'], allowDocs);
  if (keys[0] === '$in' && Array.isArray(c['$in'])) {
    const out: unknown[] = [];
    for (const v of c['$in'] as unknown[]) {
      const vs = equalityValues(v, allowDocs);
      if (
        !vs ||
        (typeof v === 'object' &&
          v !== null &&
          !(v as { _bsontype?: string })._bsontype &&
          !(v instanceof Date))
      )
        return null;
      out.push(...vs);
    }
    return out;
  }
  return null;
}
