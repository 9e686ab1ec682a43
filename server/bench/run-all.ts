/**
 * Every benchmark, one after the other, and one table of their figures: `npm run bench` at the
 * repository root (`npm run bench -- --quick` for short runs, `-- --only fuzz,compression` for
 * some). Each benchmark runs as its own process with its output in a log file; its
 * `BENCH-RESULT` lines (bench-result.ts) become the table's rows. The baseline is this run's own
 * `GET /api/health` (median of 200, warm), so time figures compare across machines as ratios.
 * Exits 1 when a row fails or a benchmark fails (exits non-zero).
 *
 * A new benchmark joins with one line in BENCHES (and `reportResult` calls in it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';
import { percentile } from './bench-util.ts';
import { RESULT_MARKER, TIME_UNITS, parseResults, type BenchResult } from './bench-result.ts';
import { startBenchStack } from './bench-stack.ts';

type Bench = {
  /** File in server/bench/. */
  file: string;
  /** Environment of `--quick`: sizes and durations that finish in a minute or two. */
  quick: Record<string, string>;
};

const BENCHES: Bench[] = [
  { file: 'compression.ts', quick: {} },
  { file: 'catalogue-api.ts', quick: { BENCH_ROUNDS: '2', BENCH_SECONDS: '2' } },
  {
    file: 'search.ts',
    quick: { BENCH_PRODUCTS: '10000', BENCH_ROUNDS: '1', BENCH_SECONDS: '2' },
  },
  { file: 'auth.ts', quick: { BENCH_ROUNDS: '2', BENCH_SECONDS: '2' } },
  { file: 'api-tokens.ts', quick: { BENCH_SECONDS: '3' } },
  { file: 'pages.ts', quick: { BENCH_SECONDS: '3', BENCH_CACHE: 'on' } },
  { file: 'key-upload.ts', quick: { BENCH_KEYS: '5000' } },
  { file: 'checkout-concurrency.ts', quick: { BENCH_KEYS: '20', BENCH_BUYERS: '40' } },
  {
    file: 'crash-recovery.ts',
    // The two failpoints the sandbox's webhook repairs within a second of the restart.
    quick: { BENCH_FAILPOINTS: 'settlement.afterCapture,orders.afterPaymentRecorded' },
  },
  {
    file: 'fuzz.ts',
    quick: { BENCH_PUBLIC_CASES: '200', BENCH_OTHER_CASES: '8', BENCH_SECONDS: '60' },
  },
  {
    file: 'supplier-sync.ts',
    quick: { BENCH_PRODUCTS: '1000', BENCH_OFFERS: '50', BENCH_SUPPLIERS: 'wock' },
  },
  { file: 'supplier-purchases.ts', quick: { BENCH_PURCHASES: '20' } },
  { file: 'supplier-orders.ts', quick: { BENCH_ORDERS: '40' } },
  { file: 'freshness.ts', quick: { BENCH_CHANGES: '20', BENCH_SESSIONS: '5' } },
  { file: 'invoices.ts', quick: { BENCH_ORDERS: '40' } },
  { file: 'lighthouse.ts', quick: { LIGHTHOUSE_PAGES: 'product' } },
  { file: 'rolling-deploy.ts', quick: { BENCH_CONNECTIONS: '10' } },
];

/** The environment as given: starting the baseline's app sets Firebase variables in this one. */
const givenEnv = { ...process.env };
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a, i) => args[i - 1] === '--only' || a.startsWith('--only='));
const only = onlyArg?.replace(/^--only=/, '').split(',');
const chosen = BENCHES.filter((b) => !only || only.includes(b.file.replace(/\.ts$/, '')));
if (!chosen.length) {
  console.error(`no benchmark named ${only?.join(', ')}; known: ${BENCHES.map((b) => b.file)}`);
  process.exit(2);
}

/** The baseline: median of 200 warm `GET /api/health` on the app as the benchmarks run it. */
async function healthBaseline(): Promise<number> {
  const stack = await startBenchStack();
  try {
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(`${stack.url}/api/health`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    for (let i = 0; i < 50; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) times.push(await once());
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  } finally {
    await stack.close();
  }
}

/** Runs one benchmark to its end; its output goes to `log`. */
function run(bench: Bench, log: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const out = fs.createWriteStream(log);
    let output = '';
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server/bench', bench.file)], {
      cwd: REPO_ROOT,
      env: { ...givenEnv, ...(quick ? bench.quick : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('close', (code) => out.end(() => resolve({ code, output })));
  });
}

type Row = {
  name: string;
  figure: string;
  baseline: string;
  ratio: string;
  goal: string;
  pass: boolean | null;
};

const num = (n: number) =>
  n.toLocaleString('en-US', {
    maximumFractionDigits: Math.abs(n) < 10 ? 2 : Math.abs(n) < 100 ? 1 : 0,
  });

function rowOf(bench: string, r: BenchResult, healthMs: number): Row {
  const toMs = TIME_UNITS[r.unit];
  const ratio = r.ratio?.value ?? (toMs ? (r.figure * toMs) / healthMs : undefined);
  const baseline = r.ratio ? r.ratio.of : toMs ? `${num(healthMs)} ms` : '';
  const g = r.goal ?? {};
  const goal = [
    g.min !== undefined && `≥ ${num(g.min)} ${r.unit}`,
    g.max !== undefined && `≤ ${num(g.max)} ${r.unit}`,
    g.minRatio !== undefined && `≥ ${num(g.minRatio)}×`,
    g.maxRatio !== undefined && `≤ ${num(g.maxRatio)}×`,
  ]
    .filter(Boolean)
    .join(', ');
  const checks = [
    g.min === undefined || r.figure >= g.min,
    g.max === undefined || r.figure <= g.max,
    g.minRatio === undefined || (ratio !== undefined && ratio >= g.minRatio),
    g.maxRatio === undefined || (ratio !== undefined && ratio <= g.maxRatio),
  ];
  const pass = r.pass ?? (goal ? checks.every(Boolean) : null);
  return {
    name: `${bench}: ${r.name}`,
    figure: `${num(r.figure)} ${r.unit}`,
    baseline,
    ratio: ratio === undefined ? '' : `${num(ratio)}×`,
    goal: goal || (r.pass !== undefined ? 'holds' : ''),
    pass,
  };
}

function printTable(rows: Row[]) {
  const header = ['benchmark', 'figure', 'baseline', 'ratio', 'goal', 'result'];
  const cells = rows.map((r) => [
    r.name,
    r.figure,
    r.baseline,
    r.ratio,
    r.goal,
    r.pass === null ? '—' : r.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const right = [false, true, true, true, false, false];
  const line = (c: string[]) =>
    `| ${c.map((v, i) => (right[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
  );
  for (const c of cells) console.log(line(c));
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-run-'));
console.log(`${quick ? 'quick' : 'full'} run of ${chosen.length} benchmark(s); logs in ${logDir}`);
const healthMs = await healthBaseline();
console.log(`baseline: GET /api/health ${num(healthMs)} ms (median of 200)`);

const rows: Row[] = [];
const started = performance.now();
for (const bench of chosen) {
  const name = bench.file.replace(/\.ts$/, '');
  const log = path.join(logDir, `${name}.log`);
  const t0 = performance.now();
  process.stdout.write(`${name} … `);
  const { code, output } = await run(bench, log);
  const results = parseResults(output);
  console.log(
    `${((performance.now() - t0) / 1000).toFixed(0)} s, exit ${code}, ${results.length} figure(s)`,
  );
  const own = results.map((r) => rowOf(name, r, healthMs));
  rows.push(...own);
  // A benchmark that failed without saying which figure did gets a row of its own.
  if (code !== 0 && !own.some((r) => r.pass === false)) {
    rows.push({
      name: `${name}: exit code`,
      figure: String(code),
      baseline: '',
      ratio: '',
      goal: '0',
      pass: false,
    });
  }
  if (code !== 0) {
    const said = output.split('\n').filter((l) => !l.startsWith(RESULT_MARKER));
    console.log(said.join('\n').trim().split('\n').slice(-15).join('\n'));
  }
}

console.log(
  `\n${quick ? 'Quick' : 'Full'} run, ${((performance.now() - started) / 1000).toFixed(0)} s; baseline GET /api/health ${num(healthMs)} ms; logs in ${logDir}\n`,
);
printTable(rows);
const failed = rows.filter((r) => r.pass === false).length;
console.log(failed ? `\n${failed} row(s) failed` : '\nno row failed');
process.exit(failed ? 1 : 0);
