import { badValue, indexKeySpecsConflict, indexNotFound, indexOptionsConflict, invalidOptions } from './errors.ts';
import { duplicateKeyError, ID_INDEX, Index, sameIndexOptions, type IndexSpec } from './indexes.ts';
import { keyOf } from './keys.ts';
import type { Doc } from './types.ts';

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

  /**
   * Documents that can possibly match `filter`, found by `_id` or a unique index when the filter
   * pins them by equality; null means "scan everything". Callers still test the full filter.
   */
  candidates(filter: Doc): Doc[] | null {
    const id = filter['_id'];
    if (id !== undefined) {
      const values = equalityValues(id);
      if (values) return values.map((v) => this.docs.get(keyOf(v))).filter((d): d is Doc => !!d);
    }
    for (const ix of this.secondary) {
      if (!ix.lookupable) continue;
      const tuple: unknown[] = [];
      for (const f of ix.fields) {
        const vs = equalityValues(filter[f]);
        if (!vs || vs.length !== 1 || vs[0] === null) break;
        tuple.push(vs[0]);
      }
      if (tuple.length !== ix.fields.length) continue;
      const owner = ix.ownerOf(tuple);
      const doc = owner === undefined ? undefined : this.docs.get(owner);
      return doc ? [doc] : [];
    }
    return null;
  }

  /** Throws a duplicate-key error if `doc` (stored under `idKey`) would break a unique index. */
  private checkUnique(doc: Doc, idKey: string): void {
    for (const ix of this.secondary) {
      const hit = ix.conflict(doc, idKey);
      if (hit) throw duplicateKeyError(this.ns, ix.spec.name, ix.spec.key, ix.keyValue(hit.values));
    }
  }

  insert(doc: Doc): void {
    const idKey = keyOf(doc['_id']);
    if (this.docs.has(idKey)) throw duplicateKeyError(this.ns, '_id_', { _id: 1 }, { _id: doc['_id'] });
    this.checkUnique(doc, idKey);
    this.docs.set(idKey, doc);
    for (const ix of this.secondary) ix.add(doc, idKey);
  }

  /** Swaps in a new version of a stored document (same `_id`). */
  replace(prev: Doc, next: Doc): void {
    const idKey = keyOf(prev['_id']);
    this.checkUnique(next, idKey);
    for (const ix of this.secondary) ix.remove(prev, idKey);
    for (const ix of this.secondary) ix.add(next, idKey);
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
    for (const ix of this.secondary) ix.remove(stored, idKey);
    this.docs.delete(idKey);
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
      const hit = ix.conflict(doc, idKey);
      if (hit) throw duplicateKeyError(this.ns, spec.name, spec.key, ix.keyValue(hit.values));
      ix.add(doc, idKey);
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
        if (typeof t !== 'string' && (typeof t !== 'object' || !t)) throw badValue('invalid index argument');
        throw indexNotFound(`index not found with name [${typeof t === 'string' ? t : JSON.stringify(t)}]`);
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

/** Values a filter field pins by plain equality (`v`, `{ $eq: v }`, `{ $in: [...] }`), else null. */
function equalityValues(cond: unknown): unknown[] | null {
  if (cond === undefined || cond instanceof RegExp || Array.isArray(cond)) return null;
  if (cond === null || typeof cond !== 'object' || (cond as { _bsontype?: string })._bsontype || cond instanceof Date) {
    return [cond];
  }
  const keys = Object.keys(cond);
  if (!keys.some((k) => k.startsWith('$'))) return [cond];
  if (keys.length !== 1) return null;
  const c = cond as Doc;
  if (keys[0] === '$eq') return equalityValues(c['$eq']);
  if (keys[0] === '$in' && Array.isArray(c['$in'])) {
    const vs = c['$in'] as unknown[];
    if (vs.some((v) => v instanceof RegExp || Array.isArray(v) || v === null)) return null;
    return vs;
  }
  return null;
}
