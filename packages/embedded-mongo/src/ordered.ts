/**
 * The ordered side of a secondary index: a B+ tree of `[v1, …, vn, seq]` keys, ordered field by
 * field with mingo's own comparison (so a walk yields exactly the order mingo's `$sort` gives),
 * each field in its index direction, ties broken by the document's insertion sequence (natural
 * order, which is also the order mingo's stable sort leaves ties in). Ranges and sorts use it.
 */
import { createRequire } from 'node:module';
import { compare } from 'mingo/util';
import type * as BTreeModule from 'sorted-btree';

// sorted-btree is CommonJS with a `default` export, which ESM importers receive differently.
type BTreeClass = typeof BTreeModule.default.default;
const BTree = (createRequire(import.meta.url)('sorted-btree') as { default: BTreeClass }).default;

/** Bound markers: below / above every value of a key position. Never stored. */
export const LOW = Symbol('low');
export const HIGH = Symbol('high');

export type OrderedKey = unknown[];

/** Stored values an ordered index can order exactly like mingo (and answer ranges on). */
export function isOrderable(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
    case 'undefined':
      return true;
    case 'object':
      if (v === null) return true;
      if (v instanceof Date) return !Number.isNaN(v.getTime());
      return (v as { _bsontype?: string })._bsontype === 'ObjectId';
    default:
      return false;
  }
}

/** A bound of a range query: orderable and not null. */
export const isBoundValue = (v: unknown) => v !== null && v !== undefined && isOrderable(v);

/** mingo's type name of a value, as its `$gt`/`$lt` compare only values of one type. */
export function typeOfValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v !== 'object') return typeof v;
  if (v instanceof Date) return 'date';
  return 'objectid';
}

function compareKeys(dirs: number[], a: OrderedKey, b: OrderedKey): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === LOW || y === HIGH) return x === y ? 0 : -1;
    if (x === HIGH || y === LOW) return x === y ? 0 : 1;
    if (i >= dirs.length) return (x as number) - (y as number); // the sequence, last
    // Numbers and strings are most keys: compared directly, as mingo would.
    const t = typeof x;
    const c =
      t === typeof y && (t === 'string' || t === 'number')
        ? (x as number) < (y as number)
          ? -1
          : (x as number) > (y as number)
            ? 1
            : 0
        : compare(x, y);
    if (c) return c * (dirs[i] as number) < 0 ? -1 : 1;
  }
  return 0;
}

/** One field's interval in value order; an undefined end is open. */
export interface FieldRange {
  lo?: { value: unknown; inclusive: boolean };
  hi?: { value: unknown; inclusive: boolean };
  /** Only values of this mingo type match (a typed bound); null: any non-null value. */
  type?: string | null;
}

export class OrderedEntries {
  private readonly tree;
  private readonly dirs: number[];

  constructor(dirs: number[]) {
    this.dirs = dirs;
    this.tree = new BTree<OrderedKey, string>(undefined, (a: OrderedKey, b: OrderedKey) =>
      compareKeys(dirs, a, b),
    );
  }

  get size(): number {
    return this.tree.size;
  }

  add(values: unknown[], seq: number, idKey: string): void {
    this.tree.set([...values.map(norm), seq], idKey);
  }

  remove(values: unknown[], seq: number): void {
    this.tree.delete([...values.map(norm), seq]);
  }

  /**
   * Entries whose leading fields equal `prefix` and whose next field lies in `range` (if any),
   * in index order, or reversed. Yields `[key, idKey]`; the key array is the stored one.
   */
  *walk(
    prefix: unknown[],
    range: FieldRange | null,
    reverse: boolean,
  ): Generator<[OrderedKey, string]> {
    const p = prefix.map(norm);
    const k = p.length;
    const dir = (this.dirs[k] ?? 1) as number;
    // The range in key order: a descending field swaps the value bounds.
    const first = range ? (dir > 0 ? range.lo : range.hi) : undefined;
    const last = range ? (dir > 0 ? range.hi : range.lo) : undefined;
    const start: OrderedKey = first
      ? [...p, first.value, first.inclusive ? LOW : HIGH]
      : [...p, LOW];
    const end: OrderedKey = last ? [...p, last.value, last.inclusive ? HIGH : LOW] : [...p, HIGH];
    const cmp = (a: OrderedKey, b: OrderedKey) => compareKeys(this.dirs, a, b);
    const type = range?.type;
    const iter = reverse ? this.tree.entriesReversed(end) : this.tree.entries(start);
    for (const [key, id] of iter) {
      if (reverse ? cmp(key, start) < 0 : cmp(key, end) > 0) return;
      if (range && type !== undefined) {
        const v = key[k];
        if (v === null) continue;
        if (type !== null && typeOfValue(v) !== type) continue;
      }
      yield [key, id];
    }
  }
}

/** Missing and null are one value to an index and to mingo's sort grouping. */
function norm(v: unknown): unknown {
  return v === undefined ? null : v;
}
