/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4, as documented at
 * prometheus.io/docs/instrumenting/exposition_formats), for tests: it throws on anything a
 * Prometheus server would refuse or misread, rather than skipping it. No maintained parser is a
 * dependency of this repository (parse-prometheus-text-format and prom2json are not installed),
 * so this follows the specification line by line:
 *
 * - lines end with `\n`; empty lines are ignored; `#` lines are comments unless `# HELP` or
 *   `# TYPE`; HELP text escapes only `\\` and `\n`;
 * - a sample is `name{label="value",…} value [timestamp]`; metric names match
 *   `[a-zA-Z_:][a-zA-Z0-9_:]*`, label names `[a-zA-Z_][a-zA-Z0-9_]*` (never starting `__`); label
 *   values escape `\\`, `\"` and `\n` only; values are Go floats (`NaN`, `+Inf`, `-Inf` too);
 * - a family's TYPE comes at most once and before its first sample, and its samples are together;
 * - a histogram's samples are `_bucket` (with `le`), `_sum` and `_count`; per label set the
 *   buckets are cumulative in increasing `le`, end with `le="+Inf"`, which equals `_count`.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string | null; samples: Sample[] };

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat): NaN and infinities in any case —
 * prom-client writes `Nan` (an event-loop lag's deviation before its first sample).
 */
function parseValue(text: string, line: number): number {
  if (/^nan$/i.test(text)) return NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`line ${line}: not a float: ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function unescapeHelp(text: string, line: number): string {
  return text.replace(/\\(.)/g, (_, ch: string) => {
    if (ch === '\\') return '\\';
    if (ch === 'n') return '\n';
    throw new Error(`line ${line}: bad escape \\${ch} in HELP`);
  });
}

/** `{a="x",b="y"}` from position `i` (at `{`); answers the labels and the position after `}`. */
function parseLabels(text: string, start: number, line: number) {
  const labels: Record<string, string> = {};
  let i = start + 1;
  const fail = (why: string) => {
    throw new Error(`line ${line}: ${why} at column ${i + 1}`);
  };
  while (text[i] !== '}') {
    const nameEnd = text.indexOf('=', i);
    if (nameEnd < 0) fail('label without =');
    const name = text.slice(i, nameEnd);
    if (!LABEL_NAME.test(name) || name.startsWith('__')) fail(`bad label name ${name}`);
    if (name in labels) fail(`label ${name} twice`);
    i = nameEnd + 1;
    if (text[i] !== '"') fail('label value not quoted');
    i++;
    let value = '';
    for (;;) {
      const ch = text[i];
      if (ch === undefined) fail('unterminated label value');
      if (ch === '"') break;
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else fail(`bad escape \\${next}`);
        i += 2;
      } else {
        value += ch;
        i++;
      }
    }
    labels[name] = value;
    i++;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') fail('expected , or }');
  }
  return { labels, end: i + 1 };
}

/** The family a sample belongs to: a histogram's `_bucket`, `_sum`, `_count` are its own. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = families.get(name.slice(0, -suffix.length));
    if (base && (base.type === 'histogram' || base.type === 'summary')) return base;
  }
  return families.get(name);
}

function checkHistogram(family: Family) {
  const key = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    );
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  const of = (labels: Record<string, string>) => {
    const k = key(labels);
    let s = series.get(k);
    if (!s) series.set(k, (s = { buckets: [] }));
    return s;
  };
  for (const s of family.samples) {
    if (s.name === `${family.name}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${s.name} without le`);
      of(s.labels).buckets.push([parseValue(s.labels.le, 0), s.value]);
    } else if (s.name === `${family.name}_count`) of(s.labels).count = s.value;
    else if (s.name !== `${family.name}_sum`)
      throw new Error(`${s.name} in histogram ${family.name}`);
  }
  for (const [labels, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i++) {
      const [le, n] = buckets[i]!;
      const [prevLe, prevN] = buckets[i - 1]!;
      if (!(le > prevLe) || n < prevN) {
        throw new Error(`${family.name}${labels}: buckets not cumulative in increasing le`);
      }
    }
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${family.name}${labels}: no +Inf bucket`);
    if (count !== last[1])
      throw new Error(`${family.name}${labels}: _count is not the +Inf bucket`);
  }
}

/** Parses a scrape; throws with the line number on anything off the specification. */
export function parsePrometheusText(text: string): Map<string, Family> {
  if (text.length && !text.endsWith('\n')) throw new Error('the last line has no line feed');
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  let current: Family | null = null;
  const open = (name: string, line: number): Family => {
    if (current?.name === name) return current;
    if (closed.has(name) || (families.has(name) && families.get(name)!.samples.length)) {
      throw new Error(`line ${line}: samples of ${name} are not together`);
    }
    if (current) closed.add(current.name);
    let family = families.get(name);
    if (!family) families.set(name, (family = { name, type: 'untyped', help: null, samples: [] }));
    current = family;
    return family;
  };
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw === '') return;
    if (raw.startsWith('#')) {
      const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(raw);
      if (!m) return; // a plain comment
      const [, kind, name, rest = ''] = m;
      if (!METRIC_NAME.test(name!)) throw new Error(`line ${line}: bad metric name ${name}`);
      const family = open(name!, line);
      if (kind === 'HELP') {
        if (family.help !== null) throw new Error(`line ${line}: second HELP for ${name}`);
        family.help = unescapeHelp(rest, line);
      } else {
        if (!TYPES.has(rest)) throw new Error(`line ${line}: unknown type ${rest}`);
        if (family.samples.length || family.type !== 'untyped') {
          throw new Error(`line ${line}: TYPE of ${name} after its samples or twice`);
        }
        family.type = rest;
      }
      return;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(raw);
    if (!nameMatch) throw new Error(`line ${line}: no metric name: ${raw}`);
    const name = nameMatch[0];
    let pos = name.length;
    let labels: Record<string, string> = {};
    if (raw[pos] === '{') ({ labels, end: pos } = parseLabels(raw, pos, line));
    const rest = raw.slice(pos);
    const fields = rest.trim().split(/\s+/);
    if (!/^\s/.test(rest) || fields.length < 1 || fields.length > 2) {
      throw new Error(`line ${line}: expected a value (and a timestamp): ${raw}`);
    }
    const value = parseValue(fields[0]!, line);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) {
      throw new Error(`line ${line}: bad timestamp ${fields[1]}`);
    }
    const family = familyOf(name, families) ?? open(name, line);
    if (family !== current) open(family.name, line);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}
