/**
 * What the audit trail keeps of a request body: enough to tell what an admin changed, never a
 * secret. A field whose name says it holds a secret (a password, a token, a key code, an API key)
 * is replaced by `[redacted]` whatever it holds, nested ones too; long strings are cut and big
 * lists counted, so an entry stays small whatever the body.
 */

export const REDACTED = '[redacted]';

/** Names of fields that may hold secrets: key codes (`codes`, `keys`, `keyCode`), credentials … */
const SECRET_FIELD =
  /password|passphrase|secret|token|api[-_]?key|private|credential|signature|iban|cvv|code|^key/i;

const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_FIELDS = 40;
const MAX_DEPTH = 4;

const isSecretField = (name: string) => SECRET_FIELD.test(name);

function summarise(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  }
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    if (value.length > MAX_ITEMS) return { items: value.length };
    return value.map((item) => summarise(item, depth + 1));
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [name, field] of entries.slice(0, MAX_FIELDS)) {
      out[name] = isSecretField(name) ? REDACTED : summarise(field, depth + 1);
    }
    if (entries.length > MAX_FIELDS) out['…'] = `${entries.length - MAX_FIELDS} more fields`;
    return out;
  }
  return String(value);
}

/** The redacted, bounded copy of a JSON body the audit trail stores; null for no body. */
export function redactedSummary(body: unknown): unknown {
  if (body === undefined) return null;
  return summarise(body, 0);
}
