/** Argument checks shared by handlers: malformed commands answer an error, never throw a TypeError. */
import type { Long } from 'bson';
import { badValue, notImplemented, typeMismatch } from '../errors.ts';
import type { Doc } from '../types.ts';

export function isDoc(v: unknown): v is Doc {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v as { _bsontype?: string })._bsontype &&
    !(v instanceof Date)
  );
}

/** The collection named by the command's first field. */
export function collectionArg(cmd: Doc, name: string): string {
  const v = cmd[name];
  if (typeof v !== 'string' || !v)
    throw typeMismatch(`collection name has invalid type ${typeof v}`);
  return v;
}

export function docArg(cmd: Doc, key: string): Doc | undefined {
  const v = cmd[key];
  if (v === undefined || v === null) return undefined;
  if (!isDoc(v)) throw typeMismatch(`BSON field '${key}' is the wrong type, expected an object`);
  return v;
}

export function arrayArg(cmd: Doc, key: string): unknown[] | undefined {
  const v = cmd[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v))
    throw typeMismatch(`BSON field '${key}' is the wrong type, expected an array`);
  return v;
}

export function numArg(cmd: Doc, key: string): number | undefined {
  const v = cmd[key];
  if (v === undefined || v === null) return undefined;
  const n =
    typeof v === 'number'
      ? v
      : typeof (v as Long)?.toNumber === 'function'
        ? (v as Long).toNumber()
        : NaN;
  if (!Number.isFinite(n))
    throw typeMismatch(`BSON field '${key}' is the wrong type, expected a number`);
  return n;
}

export function nonNegative(cmd: Doc, key: string): number | undefined {
  const n = numArg(cmd, key);
  if (n !== undefined && n < 0) throw badValue(`${key} must be non-negative`);
  return n;
}

/** Collation changes string comparison; we cannot honour it, so refuse rather than ignore it. */
export function rejectCollation(where: Doc): void {
  const c = where['collation'];
  if (c === undefined || c === null) return;
  if (isDoc(c) && c['locale'] === 'simple') return;
  throw notImplemented('collation is not supported by the embedded engine');
}
