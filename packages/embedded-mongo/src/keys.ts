import { BSON } from 'bson';

/**
 * Canonical string for a BSON value, equal for values MongoDB considers equal in an index
 * (1, 1.0 and Long(1) alike; embedded documents are field-order sensitive, as in MongoDB).
 * Used as the key of the `_id` map and of unique-index hash maps, so lookups are O(1).
 * Every component carries a type tag, so values of different types never collide.
 */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  switch (typeof v) {
    case 'number':
      return numberKey(v);
    case 'string':
      return 's' + JSON.stringify(v);
    case 'boolean':
      return v ? 'T' : 'F';
    case 'bigint':
      return 'n' + v.toString();
    default:
      break;
  }
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r' + JSON.stringify([v.source, v.flags]);
  if (Array.isArray(v)) return '[' + v.map(keyOf).join(',') + ']';
  const tag = (v as { _bsontype?: string })._bsontype;
  switch (tag) {
    case 'ObjectId':
      return 'o' + (v as BSON.ObjectId).toHexString();
    case 'Long': {
      const n = (v as BSON.Long).toNumber();
      return Number.isSafeInteger(n) ? numberKey(n) : 'n' + (v as BSON.Long).toString();
    }
    case 'Int32':
    case 'Double':
      return numberKey((v as BSON.Int32).valueOf());
    case 'Decimal128':
      return 'm' + (v as BSON.Decimal128).toString();
    case 'Binary': {
      const b = v as BSON.Binary;
      return 'x' + b.sub_type + ':' + b.toString('base64');
    }
    case 'Timestamp':
      return 't' + (v as BSON.Timestamp).toString();
    case 'MinKey':
      return '<';
    case 'MaxKey':
      return '>';
    case undefined:
      break;
    default:
      return tag + BSON.EJSON.stringify(v as BSON.Document);
  }
  const obj = v as Record<string, unknown>;
  let out = '{';
  for (const k of Object.keys(obj)) {
    if (obj[k] === undefined) continue;
    out += JSON.stringify(k) + ':' + keyOf(obj[k]) + ',';
  }
  return out + '}';
}

function numberKey(n: number): string {
  return 'n' + (Object.is(n, -0) ? 0 : n);
}

/** Renders a value the way MongoDB prints it in a duplicate-key message. */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(formatValue).join(', ') + ' ]';
  const tag = (v as { _bsontype?: string })._bsontype;
  if (tag === 'ObjectId') return `ObjectId('${(v as BSON.ObjectId).toHexString()}')`;
  if (tag) return BSON.EJSON.stringify(v as BSON.Document, { relaxed: true });
  return formatDoc(v as Record<string, unknown>);
}

export function formatDoc(d: Record<string, unknown>): string {
  const parts = Object.keys(d).map((k) => `${k}: ${formatValue(d[k])}`);
  return parts.length ? `{ ${parts.join(', ')} }` : '{}';
}
