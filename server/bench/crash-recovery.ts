/**
 * Crash recovery of a checkout: `node server/bench/crash-recovery.ts` (after
 * `source scripts/bootstrap.sh`). For each failpoint (`src/lib/failpoints.ts`) a marketplace
 * process (main.ts, its own DATA_DIR and ports) is SIGKILLed there during one buyer's PayPal
 * checkout, started again on the same data, and left alone: the buyer does not come back, so the
 * expiry and reconciliation jobs and the sandbox's webhook retries must repair it. All
 * failpoints run at once, each in its own process. Exits 1 when an invariant broke.
 */
import { FAILPOINTS } from '../src/lib/failpoints.ts';
import { RECOVERY_ENV, runCrashScenario } from '../test/crash-scenario.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator } from './bench-stack.ts';

/**
 * `BENCH_FAILPOINTS` (comma-separated) runs some of them; by default every failpoint a PayPal
 * checkout of uploaded keys passes. The supplier's (`supplier.*`, an on-demand unit bought from
 * a supplier) have a scenario of their own: `test/supplier-crash-recovery.test.ts`.
 */
const chosen = process.env.BENCH_FAILPOINTS?.split(',').map((f) => f.trim());
const failpoints = FAILPOINTS.filter((f) =>
  chosen ? chosen.includes(f) : !f.startsWith('supplier.'),
);

const emulator = await startBenchEmulator();

console.log(
  `Killing the server at ${failpoints.length} failpoints (${Object.entries(RECOVERY_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}) …`,
);
const results = await Promise.all(
  failpoints.map((failpoint) =>
    runCrashScenario({ failpoint, emulatorHost: emulator.host, timeoutMs: 6 * 60_000 }),
  ),
);
await emulator.close();

const secs = (ms: number | null) => (ms === null ? 'never' : (ms / 1000).toFixed(1));
const header = ['failpoint', 'killed during', 'outcome', 'captures', 'restart s', 'recovery s'];
const rows = results.map((r) => [
  r.failpoint,
  r.killedDuring ?? '—',
  r.outcome,
  String(r.captures),
  secs(r.restartMs),
  secs(r.recoverMs),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(`\n${line(header)}`);
for (const row of rows) console.log(line(row));

const broken = results.filter((r) => r.problems.length);
for (const r of results) {
  reportResult({
    name: `${r.failpoint} recovered (${r.outcome})`,
    figure: (r.recoverMs ?? 0) / 1000,
    unit: 's',
    pass: r.problems.length === 0 && r.recoverMs !== null,
  });
}
for (const r of broken) console.log(`\n${r.failpoint}: ${r.problems.join('; ')}`);
console.log(
  broken.length ? `\n${broken.length} failpoint(s) broke an invariant` : '\nall invariants held',
);
process.exit(broken.length ? 1 : 0);
