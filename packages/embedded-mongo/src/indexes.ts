import { resolve } from 'mingo/util';
import type { Query } from 'mingo/query';
import {
  badValue,
  cannotCreateIndex,
  CommandError,
  invalidOptions,
  notImplemented,
} from './errors.ts';
import { formatDoc, keyOf } from './keys.ts';
import { compileFilter } from './mql.ts';
import { isOrderable, OrderedEntries } from './ordered.ts';
import type { Doc } from './types.ts';

/** An index as listed by listIndexes (and as journaled). */
export interface IndexSpec {
  v: number;
  key: Record<string, number>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Doc;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

// Options that change nothing about results here, accepted so ordinary createIndex calls work.
const IGNORED_OPTIONS = new Set(['v', 'ns', 'background', 'hidden', 'comment']);

/** Validates a client's index description and returns the spec we store. */
export function normalizeIndexSpec(raw: unknown): IndexSpec {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw badValue('index specification must be an object');
  const d = raw as Doc;
  const key = d['key'];
  if (!key || typeof key !== 'object' || Array.isArray(key) || !Object.keys(key).length) {
    throw cannotCreateIndex("index specification must contain a non-empty 'key' object");
  }
  const fields: Record<string, number> = {};
  for (const [field, dir] of Object.entries(key as Doc)) {
    const n =
      typeof dir === 'number' ? dir : Number((dir as { valueOf?: () => unknown })?.valueOf?.());
    if (typeof dir === 'string' || !Number.isFinite(n) || n === 0) {
      throw notImplemented(
        `index type ${JSON.stringify(dir)} on '${field}' is not supported by the embedded engine`,
      );
    }
    if (field.includes('$**'))
      throw notImplemented('wildcard indexes are not supported by the embedded engine');
    fields[field] = n > 0 ? 1 : -1;
  }
  const name = typeof d['name'] === 'string' && d['name'] ? d['name'] : defaultIndexName(fields);
  const spec: IndexSpec = { v: 2, key: fields, name };
  for (const [opt, value] of Object.entries(d)) {
    if (opt === 'key' || opt === 'name' || IGNORED_OPTIONS.has(opt)) continue;
    switch (opt) {
      case 'unique':
        if (value) spec.unique = true;
        break;
      case 'sparse':
        if (value) spec.sparse = true;
        break;
      case 'expireAfterSeconds': {
        const secs = Number(value);
        if (!Number.isFinite(secs) || secs < 0)
          throw invalidOptions('expireAfterSeconds must be a non-negative number');
        if (Object.keys(fields).length !== 1) {
          throw cannotCreateIndex(
            'TTL indexes are single-field indexes, compound indexes do not support TTL',
          );
        }
        spec.expireAfterSeconds = secs;
        break;
      }
      case 'partialFilterExpression':
        if (!value || typeof value !== 'object')
          throw cannotCreateIndex('partialFilterExpression must be an object');
        compileFilter(value as Doc); // rejects unknown operators now rather than on first write
        spec.partialFilterExpression = value as Doc;
        break;
      case 'collation':
        throw notImplemented('index collation is not supported by the embedded engine');
      default:
        throw new CommandError(
          197,
          'InvalidIndexSpecificationOption',
          `The field '${opt}' is not valid for an index specification (embedded engine)`,
        );
    }
  }
  if (name === '_id_' && keyOf(fields) !== keyOf(ID_INDEX.key))
    throw badValue("the index name '_id_' is reserved");
  return spec;
}

export function defaultIndexName(key: Record<string, number>): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${d}`)
    .join('_');
}

/** Two specs describe the same index (name aside). */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  const opts = (s: IndexSpec) =>
    keyOf({
      k: s.key,
      u: !!s.unique,
      s: !!s.sparse,
      e: s.expireAfterSeconds ?? null,
      p: s.partialFilterExpression ?? null,
    });
  return opts(a) === opts(b);
}

/** One entry an index holds for a document: the tuple of values and its canonical key. */
export interface Entry {
  key: string;
  values: unknown[];
}

/**
 * A document's entries; `plain` when it has exactly one, of values the ordered side orders as
 * mingo does (no array, no exotic BSON type), which is what ranges and sorts rely on.
 */
export type Entries = Entry[] & { plain?: boolean };

/**
 * A secondary index: a hash map from entry key to the `_id` keys of the documents holding it.
 * Unique indexes use it to refuse duplicates in O(1); every index uses it to answer equality
 * filters without scanning. A compound index also keeps one map per leading prefix of its
 * fields, so, as on MongoDB, `{a, b}` serves a filter that pins only `a`. Beside the maps, an
 * index without a partial filter keeps its entries ordered (`ordered.ts`): while every document
 * it holds is plain (`impure === 0`), ranges and sorts walk that order instead of scanning.
 */
export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly partial: Query | undefined;
  private readonly members = new Map<string, Set<string>>();
  /** `prefixes[k - 1]`: the same map for the first k fields, for k below the field count. */
  private readonly prefixes: Map<string, Set<string>>[];
  /** Entries in index order; null for partial indexes (they never serve ranges or sorts). */
  readonly ordered: OrderedEntries | null;
  /** Documents held whose entries are not plain (multikey, or values mingo orders otherwise). */
  impure = 0;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.prefixes = this.fields.slice(1).map(() => new Map());
    this.partial = spec.partialFilterExpression
      ? compileFilter(spec.partialFilterExpression)
      : undefined;
    this.ordered = this.partial ? null : new OrderedEntries(Object.values(spec.key));
  }

  /** Ranges and sorts may walk the ordered entries: complete, and every document plain. */
  get orderable(): boolean {
    return !!this.ordered && this.impure === 0;
  }

  get unique(): boolean {
    return !!this.spec.unique;
  }

  /** The document's index entries, or null when the index skips it (sparse / partial). */
  entriesOf(doc: Doc): Entries | null {
    if (this.partial && !this.partial.test(doc)) return null;
    let plain = true;
    const perField = this.fields.map((f) => {
      const raw = resolve(doc, f);
      plain &&= !Array.isArray(raw) && isOrderable(raw);
      return fieldValues(raw, f);
    });
    if (this.spec.sparse && perField.every((vs) => vs === null)) return null;
    // Multikey: one entry per array element (cartesian product across fields, as MongoDB).
    let tuples: unknown[][] = [[]];
    for (const vs of perField) {
      const next: unknown[][] = [];
      for (const t of tuples) for (const v of vs ?? [null]) next.push([...t, v]);
      tuples = next;
    }
    const seen = new Set<string>();
    const out: Entries = [];
    for (const values of tuples) {
      const key = keyOf(values);
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ key, values });
      }
    }
    out.plain = plain;
    return out;
  }

  /** For a unique index: the first entry of `doc` already held by another document. */
  conflict(doc: Doc, idKey: string, entries = this.entriesOf(doc)): Entry | null {
    if (!this.unique) return null;
    for (const e of entries ?? []) {
      const holders = this.members.get(e.key);
      if (holders && (holders.size > 1 || !holders.has(idKey))) return e;
    }
    return null;
  }

  /** `seq` is the document's insertion sequence (its natural order). */
  add(idKey: string, seq: number, entries: Entries | null): void {
    for (const [map, key] of this.keysOf(entries)) {
      let holders = map.get(key);
      if (!holders) map.set(key, (holders = new Set()));
      holders.add(idKey);
    }
    if (!entries || !this.ordered) return;
    for (const e of entries) this.ordered.add(e.values, seq, idKey);
    if (!entries.plain) this.impure++;
  }

  /** Always given all of the document's entries, so dropping it from each key is exact. */
  remove(idKey: string, seq: number, entries: Entries | null): void {
    for (const [map, key] of this.keysOf(entries)) {
      const holders = map.get(key);
      if (!holders) continue;
      holders.delete(idKey);
      if (!holders.size) map.delete(key);
    }
    if (!entries || !this.ordered) return;
    for (const e of entries) this.ordered.remove(e.values, seq);
    if (!entries.plain) this.impure--;
  }

  /** Every (map, key) pair the entries occupy: the full keys and each prefix's keys. */
  private *keysOf(entries: Entry[] | null): Generator<[Map<string, Set<string>>, string]> {
    for (const e of entries ?? []) yield [this.members, e.key];
    for (const [i, map] of this.prefixes.entries()) {
      const seen = new Set<string>();
      for (const e of entries ?? []) {
        const key = keyOf(e.values.slice(0, i + 1));
        if (!seen.has(key)) {
          seen.add(key);
          yield [map, key];
        }
      }
    }
  }

  /**
   * `_id` keys of the documents holding exactly these values for the index's first
   * `values.length` fields (all of them, or a leading prefix).
   */
  lookup(values: unknown[]): ReadonlySet<string> | undefined {
    const map =
      values.length === this.fields.length ? this.members : this.prefixes[values.length - 1];
    return map?.get(keyOf(values));
  }

  /** Entries are complete (no partial filter), so equality lookups find every match. */
  get lookupable(): boolean {
    return !this.partial;
  }

  keyValue(values: unknown[]): Doc {
    const out: Doc = {};
    this.fields.forEach((f, i) => (out[f] = values[i] ?? null));
    return out;
  }
}

/** Same entries (by key), so an update need not touch this index. */
export function sameEntries(a: Entries | null, b: Entries | null): boolean {
  if (!a || !b) return a === b;
  return a.plain === b.plain && a.length === b.length && a.every((e, i) => e.key === b[i]?.key);
}

/** Values a field contributes to an index: null when missing, array elements when multikey. */
function fieldValues(v: unknown, field: string): unknown[] | null {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return [v];
  // A dotted path through arrays resolves to nested arrays; index their leaves.
  const flat = field.includes('.') ? v.flat() : v;
  return flat.length ? flat : [undefined];
}

export function duplicateKeyError(
  ns: string,
  indexName: string,
  keyPattern: Doc,
  keyValue: Doc,
): CommandError {
  return new CommandError(
    11000,
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: ${formatDoc(keyValue)}`,
    { keyPattern, keyValue },
  );
}
