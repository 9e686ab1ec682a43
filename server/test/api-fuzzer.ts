/**
 * An API fuzzer driven by the OpenAPI document the app serves: every operation it lists gets
 * generated bad requests (wrong types, missing and extra fields, huge values, MongoDB operators
 * in place of values, invalid ids, broken JSON, wrong content types, bodies over the limit),
 * sent over keep-alive connections so a socket the server closes under the client shows up as
 * an error. Shared by `test/fuzz.test.ts` (a few cases per operation) and `bench/fuzz.ts`.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { ApiErrorSchema } from '@market/shared';
import { MAX_BODY_BYTES } from '../src/lib/request-body.ts';

/** Who sends a case: a guest, or an account of that role signed in with a Bearer token. */
export type FuzzCaller = { name: string; token: string | null };

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
};

type OpenApiParameter = {
  $ref?: string;
  name: string;
  in: string;
  schema?: JsonSchema;
  content?: Record<string, { schema?: JsonSchema }>;
};
type OpenApiOperation = {
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** One operation of the document, as the fuzzer needs it. */
export type FuzzOperation = {
  method: string;
  /** The OpenAPI path: `/api/seller/offers/{id}`. */
  path: string;
  /** Open to guests (no security requirement). */
  public: boolean;
  /** Path parameter → a well-formed value (an id nobody has, an enum's first value). */
  pathParams: Record<string, string>;
  queryParams: string[];
  /** Query parameters holding JSON (a list's `filter`), each with a value of its schema's shape. */
  jsonQuery: Record<string, unknown>;
  /** A body the schema accepts, as far as types go: the generator breaks one thing in it. */
  sampleBody: unknown;
};

/** One request to send; printable, so a failure can be reproduced by hand. */
export type FuzzRequest = {
  kind: string;
  method: string;
  /** Path and query, already encoded as sent. */
  url: string;
  contentType?: string;
  body?: string;
  /** Send the body chunked (no Content-Length), so the limit is found while reading it. */
  chunked?: boolean;
  /** A credential other than the caller's (a forged token or cookie). */
  headers?: Record<string, string>;
};

export type FuzzOutcome =
  { ok: true; status: number } | { ok: false; status: number | null; problem: string };

const WELL_FORMED_ID = '0123456789abcdef01234567';

function deref<T>(doc: OpenApiDocument, value: T & { $ref?: string }): T {
  let v: T & { $ref?: string } = value;
  for (let i = 0; v?.$ref && i < 20; i++) {
    const [, , kind, name] = v.$ref.split('/');
    v = doc.components?.[kind!]?.[name!] as T & { $ref?: string };
  }
  return v;
}

/** A value of the schema's shape, as far as types go (ids and formats are not guaranteed). */
function sample(doc: OpenApiDocument, raw: JsonSchema | undefined, depth = 0, name = ''): unknown {
  const s = raw ? deref(doc, raw) : undefined;
  if (!s || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) {
    const first = alternatives.find((a) => deref(doc, a).type !== 'null') ?? alternatives[0];
    return sample(doc, first, depth + 1, name);
  }
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((a) => sample(doc, a, depth + 1)));
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(doc, v, depth + 1, k)]),
      );
    case 'array':
      if (s.prefixItems) return s.prefixItems.map((p) => sample(doc, p, depth + 1));
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sample(doc, s.items, depth + 1),
      );
    case 'string':
      if (s.format === 'date-time') return new Date(0).toISOString();
      if (s.format === 'email') return 'fuzz@test.example';
      // A well-formed id reaches the lookup behind the validation.
      if (/^id$|Id$/.test(name)) return WELL_FORMED_ID;
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The operations `/api/openapi.json` lists. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []).map((p) => deref(doc, p));
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        pathParams: Object.fromEntries(
          params
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, String(sample(doc, p.schema, 0, p.name))]),
        ),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        jsonQuery: Object.fromEntries(
          params
            .filter((p) => p.in === 'query' && p.content?.['application/json'])
            .map((p) => [p.name, sample(doc, p.content!['application/json']!.schema)]),
        ),
        sampleBody: body ? sample(doc, body) : {},
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// Generators

/** MongoDB operators where a value belongs: a query built from the input must not obey them. */
const mongoOperator = fc.constantFrom<unknown>(
  { $ne: null },
  { $gt: '' },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*' },
  { $in: [] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function() { return true }', args: [], lang: 'js' } },
  { $or: [{}, { a: 1 }] },
  { $type: 2 },
  { 'a.b': { $ne: 1 } },
  { $jsonSchema: {} },
  { $oid: WELL_FORMED_ID },
  { $date: 'x' },
);

/** Keys a document must never take from input: operators, dotted paths, prototype names. */
const hostileKey = fc.oneof(
  fc.constantFrom('$where', '$ne', '$set', '$', '.', 'a.b', '__proto__', 'constructor', '_id'),
  fc.string({ maxLength: 8 }).map((s) => `$${s}`),
  fc.string({ maxLength: 8 }).map((s) => `${s}.${s}`),
);

const hugeString = fc
  .integer({ min: 10_000, max: 400_000 })
  .chain((n) => fc.constantFrom('x', 'é', '💥', '\u0000').map((ch) => ch.repeat(n)));
const hugeArray = fc
  .integer({ min: 1_000, max: 60_000 })
  .chain((n) =>
    fc.constantFrom<unknown>(1, 'x', null, {}, WELL_FORMED_ID).map((v) => Array(n).fill(v)),
  );
// Deeper than this, JSON.stringify itself overflows; the raw-text cases go deeper.
const deepNesting = fc
  .integer({ min: 100, max: 1_500 })
  .map((n) => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n)) as unknown);

/** A value of the wrong kind, or of the right kind but hostile; small enough for a URL. */
const smallBadValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: mongoOperator, weight: 4 },
  {
    arbitrary: fc.dictionary(hostileKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, '', ' '), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** The same, or huge, or deeply nested. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: smallBadValue, weight: 14 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: hugeArray, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

/** Path parameters that are not ids: wrong format, dot segments, very long, unicode, encoded. */
const badPathParam = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '..%2f..%2fadmin',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    '%7B%22%24ne%22%3Anull%7D',
    '$ne',
    '$where',
    'a.b',
    'null',
    'undefined',
    '-1',
    '0',
    'ffffffffffffffffffffffff',
    '000000000000000000000000',
    WELL_FORMED_ID.toUpperCase(),
    WELL_FORMED_ID + '0',
    '__proto__',
    'constructor',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 300, max: 4_000 }).map((n) => 'a'.repeat(n)),
);

/** Query values: broken JSON, operators, huge or negative ranges, repeated and bracketed keys. */
const badQuery = (params: string[], jsonQuery: Record<string, unknown>) => {
  const names = fc.constantFrom(...params, 'filter', 'sort', 'range', 'q', 'locale');
  const value = fc.oneof(
    fc.constantFrom(
      '{"$where":"sleep(1000)"}',
      '{"id":{"$ne":null}}',
      '{"$or":[{}]}',
      '{"a.b":1}',
      '{"q":{"$regex":".*"}}',
      '{"id":["$ne"]}',
      '{"status":{"$gt":""}}',
      '["$where","ASC"]',
      '["a.b.c","DESC"]',
      '["id","SIDEWAYS"]',
      '[0,1e9]',
      '[9007199254740000,9007199254740100]',
      '[-5,3]',
      '[3,1]',
      '[0.5,2]',
      '["0","24"]',
      '{',
      'null',
      '[]',
      '',
    ),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 30 }),
    // Long, but with the rest of the URL under Node's 16 KiB header limit (past it Node itself
    // answers 431 and closes the connection, before the app sees anything).
    fc.integer({ min: 500, max: 2_000 }).map((n) => 'q'.repeat(n)),
  );
  const pair = fc.tuple(names, value, fc.boolean()).map(([k, v, bracket]) =>
    // `filter[$ne]=…` is how qs-style parsers build objects out of query strings.
    bracket ? `${k}%5B%24ne%5D=${encodeURIComponent(v)}` : `${k}=${encodeURIComponent(v)}`,
  );
  // A JSON parameter of the right shape with one thing broken in it (an operator for a value …).
  const json = Object.entries(jsonQuery).map(([k, v]) =>
    badBody(v, true).map(({ value }) => `${k}=${encodeURIComponent(JSON.stringify(value))}`),
  );
  const anyPair = json.length ? fc.oneof(pair, ...json) : pair;
  return fc.array(anyPair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`);
};

/** One thing broken in an otherwise well-typed body; `small`: nothing too long for a URL. */
function badBody(
  sampleBody: unknown,
  small = false,
): fc.Arbitrary<{ kind: string; value: unknown }> {
  const values = small ? smallBadValue : badValue;
  const fields =
    sampleBody && typeof sampleBody === 'object' && !Array.isArray(sampleBody)
      ? Object.keys(sampleBody)
      : [];
  const base = sampleBody as Record<string, unknown>;
  const whole = values.map((value) => ({ kind: 'body replaced', value }));
  const extra = fc
    .tuple(hostileKey, values)
    .map(([k, v]) => ({ kind: `extra field ${k}`, value: { ...base, [k]: v } }));
  if (!fields.length) return fc.oneof(whole, extra);
  const field = fc.constantFrom(...fields);
  const replaced = fc.tuple(field, values).map(([f, v]) => ({
    kind: `field ${f} replaced`,
    value: { ...base, [f]: v },
  }));
  const nested = fc.tuple(field, hostileKey, values).map(([f, k, v]) => ({
    kind: `field ${f} gets ${k}`,
    value: { ...base, [f]: Array.isArray(base[f]) ? [{ [k]: v }] : { [k]: v } },
  }));
  const missing = field.map((f) => ({
    kind: `field ${f} missing`,
    value: Object.fromEntries(Object.entries(base).filter(([k]) => k !== f)),
  }));
  // The right type at an extreme: a field that validates its type but not its size.
  const extreme = fc
    .tuple(
      field,
      fc.oneof(
        fc.constantFrom<unknown>(-1, 0, 2 ** 53, 1e21, '', ' '),
        ...(small ? [] : [hugeString, hugeArray]),
      ),
    )
    .map(([f, v]) => ({
      kind: `field ${f} extreme`,
      value: { ...base, [f]: Array.isArray(base[f]) && !Array.isArray(v) ? [v] : v },
    }));
  return fc.oneof(
    { arbitrary: replaced, weight: 5 },
    { arbitrary: extreme, weight: 2 },
    { arbitrary: nested, weight: 2 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: whole, weight: 1 },
  );
}

/** Bodies that are not JSON, or not sent as JSON, or too big to read. */
const badTransport: fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":1',
      "{'a':1}",
      '{"a":1}garbage',
      '[1,]',
      'undefined',
      'NaN',
      '\u0000',
      '\uFEFF{}',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    )
    .map((body) => ({ kind: 'invalid JSON', contentType: 'application/json', body })),
  fc
    .string({ maxLength: 60 })
    .map((body) => ({ kind: 'random text as JSON', contentType: 'application/json', body })),
  fc.constant({ kind: 'empty body', contentType: 'application/json', body: '' }),
  fc
    .constantFrom(
      undefined,
      'text/plain',
      'application/xml',
      'application/json; charset=utf-16',
      '*/*',
    )
    .map((contentType) => ({
      kind: `content type ${contentType ?? 'none'}`,
      contentType,
      body: '{"a":1}',
    })),
  fc.constant({
    kind: 'multipart form',
    contentType: 'multipart/form-data; boundary=fuzz',
    body: '--fuzz\r\nContent-Disposition: form-data; name="a[$ne]"\r\n\r\n1\r\n--fuzz--\r\n',
  }),
  fc.constant({
    kind: 'url-encoded form',
    contentType: 'application/x-www-form-urlencoded',
    body: 'a=1&a[$ne]=1&b.c=2',
  }),
  fc
    .tuple(fc.integer({ min: MAX_BODY_BYTES + 1, max: 3 * MAX_BODY_BYTES }), fc.boolean())
    .map(([size, chunked]) => ({
      kind: chunked ? 'chunked body over the limit' : 'body over the limit',
      contentType: 'application/json',
      body: `{"a":"${'x'.repeat(size)}"}`,
      chunked,
    })),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => ({
    kind: `JSON nested ${n} deep`,
    contentType: 'application/json',
    body: '['.repeat(n) + ']'.repeat(n),
  })),
);

/** Credentials that are not valid: garbage, `alg: none`, a forged cookie. */
const badCredential = fc.constantFrom<Record<string, string>>(
  { authorization: 'Bearer not-a-token' },
  { authorization: 'Bearer ' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  {
    authorization:
      'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoiYWRtaW4iLCJzdWIiOiJ4In0.',
  },
  { cookie: 'session=forged' },
  { cookie: 'session=%00%ZZ' },
);

function fillPath(op: FuzzOperation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? op.pathParams[name]!);
}

/** The query of a URL too long for Node's header limit. */
const OVERLONG = '?pad=';

/** Ids of records that exist, per list path (`/api/admin/products`), so cases reach them. */
export type KnownIds = Record<string, string[]>;

/** Reads the first page of every list that has a `{id}` route, as each caller. */
export async function discoverIds(
  origin: string,
  ops: FuzzOperation[],
  callers: FuzzCaller[],
): Promise<KnownIds> {
  const known: KnownIds = {};
  const lists = ops.filter(
    (op) => op.method === 'GET' && ops.some((o) => o.path === `${op.path}/{id}`),
  );
  for (const op of lists) {
    for (const caller of callers) {
      const res = await fetch(origin + op.path, {
        headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
      });
      const rows: unknown = await res.json();
      if (!res.ok || !Array.isArray(rows)) continue;
      const ids = rows.map((r: { id?: unknown }) => r.id).filter((id) => typeof id === 'string');
      (known[op.path] ??= []).push(...ids.slice(0, 5));
    }
  }
  return known;
}

/** The bad requests for one operation; `known` ids let some of them reach real records. */
export function fuzzRequests(op: FuzzOperation, known: KnownIds = {}): fc.Arbitrary<FuzzRequest> {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const names = Object.keys(op.pathParams);
  const existing = op.path.includes('/{id}') ? (known[op.path.split('/{id}')[0]!] ?? []) : [];
  type PathCase = { values: Record<string, string>; kinds: string[] };
  const wellFormed = fc.constant<PathCase>({ values: {}, kinds: [] });
  const path: fc.Arbitrary<PathCase> = names.length
    ? fc.oneof(
        { arbitrary: wellFormed, weight: 1 },
        {
          arbitrary: existing.length
            ? fc.constantFrom(...existing).map((id) => ({ values: { id }, kinds: ['existing id'] }))
            : wellFormed,
          weight: 2,
        },
        {
          arbitrary: fc.subarray(names, { minLength: 1 }).chain((bad) =>
            fc.tuple(...bad.map(() => badPathParam)).map((vals) => ({
              values: Object.fromEntries(bad.map((n, i) => [n, vals[i]!])),
              kinds: bad.map((n) => `bad ${n}`),
            })),
          ),
          weight: 3,
        },
      )
    : wellFormed;
  const query = fc.oneof(
    { arbitrary: fc.constant(''), weight: op.method === 'GET' ? 1 : 3 },
    { arbitrary: badQuery(op.queryParams, op.jsonQuery), weight: op.method === 'GET' ? 3 : 1 },
    // Past Node's 16 KiB header limit: refused before the app runs, and the connection closed.
    ...(hasBody
      ? []
      : [
          {
            arbitrary: fc
              .integer({ min: 17_000, max: 30_000 })
              .map((n) => OVERLONG + 'p'.repeat(n)),
            weight: 1,
          },
        ]),
  );
  const payload: fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> = hasBody
    ? fc.oneof(
        {
          arbitrary: badBody(op.sampleBody).map(({ kind, value }) => ({
            kind,
            contentType: 'application/json',
            body: JSON.stringify(value),
          })),
          weight: 4,
        },
        { arbitrary: badTransport, weight: 2 },
      )
    : fc.oneof(
        { arbitrary: fc.constant({ kind: 'no body' }), weight: 4 },
        // A body on a GET or DELETE: read or not, it must not break the connection.
        {
          arbitrary: badTransport.filter((t) => !t.chunked),
          weight: 1,
        },
      );
  const credential = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 7 },
    { arbitrary: badCredential, weight: 1 },
  );
  return fc.tuple(path, query, payload, credential).map(([params, q, generated, headers]) => {
    // An overlong URL goes without a body: HTTP cannot read past a head it refused, so the
    // server closes the connection while the client would still be writing the body.
    const p = q.startsWith(OVERLONG) ? { kind: 'no body' } : generated;
    const kinds = [p.kind, ...params.kinds, ...(q ? ['bad query'] : [])];
    if (headers) kinds.push('bad credential');
    return {
      ...p,
      kind: kinds.join(', '),
      method: op.method,
      url: fillPath(op, params.values) + q,
      ...(headers ? { headers } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Sending and judging

/** A keep-alive connection pool to the app: a socket closed under it fails the next request. */
export const keepAliveAgent = (connections: number) =>
  new Agent({ connections, keepAliveTimeout: 60_000, pipelining: 1 });

/** The body as a stream of 64 KiB chunks, which undici sends chunked (no Content-Length). */
const inChunks = (body: string) => {
  const bytes = Buffer.from(body);
  return Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    ),
  );
};

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether a client error means the server closed or reset the connection. */
export function isReset(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return RESET_CODES.has(e.code ?? '') || RESET_CODES.has(e.cause?.code ?? '');
}

/** Sends one case and judges the answer: no 5xx, every 4xx in the error shape, no reset. */
export async function sendCase(
  origin: string,
  agent: Agent,
  caller: FuzzCaller,
  req: FuzzRequest,
): Promise<FuzzOutcome> {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (req.contentType) headers['content-type'] = req.contentType;
  Object.assign(headers, req.headers);
  let status: number;
  let text: string;
  let contentType: string;
  try {
    const res = await request(origin + req.url, {
      method: req.method as 'GET',
      headers,
      body: req.body === undefined ? undefined : req.chunked ? inChunks(req.body) : req.body,
      dispatcher: agent,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    status = res.statusCode;
    contentType = String(res.headers['content-type'] ?? '');
    text = await res.body.text();
  } catch (err) {
    const e = err as Error & { code?: string };
    return {
      ok: false,
      status: null,
      problem: `${isReset(err) ? 'connection reset' : 'request failed'}: ${e.code ?? ''} ${e.message}`,
    };
  }
  if (status >= 500)
    return { ok: false, status, problem: `answered ${status}: ${text.slice(0, 300)}` };
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return {
        ok: false,
        status,
        problem: `${status} not JSON (${contentType}): ${text.slice(0, 200)}`,
      };
    }
    const shape = ApiErrorSchema.safeParse(body);
    if (!shape.success || !shape.data.requestId) {
      return {
        ok: false,
        status,
        problem: `${status} not in the error shape: ${text.slice(0, 300)}`,
      };
    }
  }
  return { ok: true, status };
}

/** What a request looked like, short enough to print: huge bodies are summarised. */
export function describeRequest(caller: FuzzCaller, req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ''
      : req.body.length > 300
        ? ` body(${req.body.length} chars): ${req.body.slice(0, 120)}…`
        : ` body: ${req.body}`;
  const url = req.url.length > 300 ? `${req.url.slice(0, 200)}…(${req.url.length} chars)` : req.url;
  return `[${caller.name}] ${req.method} ${url} (${req.kind}; content-type ${req.contentType ?? 'none'}${
    req.headers ? `; headers ${JSON.stringify(req.headers)}` : ''
  })${body}`;
}

/** Operations fuzzed as guests only: signing out revokes the caller's tokens for every later case. */
const GUEST_ONLY = new Set(['POST /api/logout']);

/** So many cases of one operation, sent as one caller. */
export type FuzzPlan = { op: FuzzOperation; caller: FuzzCaller; cases: number };

export type FuzzFailure = { request: string; problem: string; seed: number };

export type FuzzReport = {
  sent: number;
  /** Answers per status class (`2xx`, `4xx` …) and `none` for requests that got no answer. */
  byClass: Record<string, number>;
  /** Answers per status. */
  byStatus: Record<number, number>;
  resets: number;
  failures: FuzzFailure[];
  seconds: number;
};

const CHUNK = 25;

/** A seed of its own per operation, caller and chunk: a failure reruns from the printed seed. */
function chunkSeed(seed: number, plan: FuzzPlan, chunk: number): number {
  let h = seed | 0;
  for (const ch of `${plan.op.method} ${plan.op.path} ${plan.caller.name}`) {
    h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  }
  return (h + chunk) | 0;
}

/** The cases of every plan, generated a chunk at a time and interleaved across plans. */
function* casesOf(plans: FuzzPlan[], seed: number, known: KnownIds) {
  const arbitraries = plans.map((p) => fuzzRequests(p.op, known));
  for (let chunk = 0; ; chunk++) {
    let any = false;
    for (const [i, plan] of plans.entries()) {
      const count = Math.min(CHUNK, plan.cases - chunk * CHUNK);
      if (count <= 0) continue;
      any = true;
      const s = chunkSeed(seed, plan, chunk);
      const guest = GUEST_ONLY.has(`${plan.op.method} ${plan.op.path}`);
      const caller = guest ? { name: `${plan.caller.name} as guest`, token: null } : plan.caller;
      for (const req of fc.sample(arbitraries[i]!, { seed: s, numRuns: count })) {
        yield { caller, req, seed: s };
      }
    }
    if (!any) return;
  }
}

/**
 * Sends every plan's cases over `connections` keep-alive connections (until `deadline`, if
 * given) and reports the answers per status class, the resets and each failing request.
 */
export async function runFuzz(opts: {
  origin: string;
  plans: FuzzPlan[];
  seed: number;
  known?: KnownIds;
  connections: number;
  deadline?: number;
  onProgress?: (sent: number) => void;
}): Promise<FuzzReport> {
  const agent = keepAliveAgent(opts.connections);
  const started = performance.now();
  const report: FuzzReport = {
    sent: 0,
    byClass: {},
    byStatus: {},
    resets: 0,
    failures: [],
    seconds: 0,
  };
  const cases = casesOf(opts.plans, opts.seed, opts.known ?? {});
  const worker = async () => {
    for (;;) {
      if (opts.deadline && Date.now() > opts.deadline) return;
      const next = cases.next();
      if (next.done) return;
      const { caller, req, seed } = next.value;
      const outcome = await sendCase(opts.origin, agent, caller, req);
      report.sent++;
      const cls = outcome.status === null ? 'none' : `${String(outcome.status)[0]}xx`;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      if (outcome.status)
        report.byStatus[outcome.status] = (report.byStatus[outcome.status] ?? 0) + 1;
      if (!outcome.ok) {
        if (outcome.problem.startsWith('connection reset')) report.resets++;
        report.failures.push({
          request: describeRequest(caller, req),
          problem: outcome.problem,
          seed,
        });
      }
      if (report.sent % 1000 === 0) opts.onProgress?.(report.sent);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  await agent.close();
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** The seed of this run: `FUZZ_SEED` to replay one, else a fresh one. */
export const fuzzSeed = () =>
  process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
