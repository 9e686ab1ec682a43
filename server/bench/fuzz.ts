/**
 * The API fuzzer at volume: `node server/bench/fuzz.ts` (after `source scripts/bootstrap.sh`).
 * Starts the marketplace as `npm start` runs it (its own process, on 127.0.0.1 only) and sends
 * every operation of `/api/openapi.json` generated bad requests as a guest, a user, a seller and
 * an admin: `BENCH_PUBLIC_CASES` (default 10,000) per public operation and `BENCH_OTHER_CASES`
 * (default 200) per other operation, spread over the four callers, for at most `BENCH_SECONDS`
 * (default 1,200). Exits 1 on any 5xx, 4xx outside the error shape, or connection reset.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { Role } from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import {
  fuzzSeed,
  operationsOf,
  runFuzz,
  type FuzzCaller,
  type FuzzPlan,
  type OpenApiDocument,
} from '../test/api-fuzzer.ts';
import { createAccount } from '../test/harness.ts';
import { freePorts, startMarketplace } from '../test/marketplace-process.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator } from './bench-stack.ts';

const PUBLIC_CASES = Number(process.env.BENCH_PUBLIC_CASES ?? 10_000);
const OTHER_CASES = Number(process.env.BENCH_OTHER_CASES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seed = fuzzSeed();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-fuzz-'));
const emulator = await startBenchEmulator();
const server = await startMarketplace({
  ports: await freePorts(),
  dataDir,
  emulatorHost: emulator.host,
});
const client = await new MongoClient(server.mongoUri).connect();
const stack = {
  db: client.db('marketplace'),
  identity: createIdentity(loadConfig({ NODE_ENV: 'test' }), emulator.host),
  emulatorHost: emulator.host,
};

const callers: FuzzCaller[] = [{ name: 'guest', token: null }];
for (const role of ['user', 'seller', 'admin'] as Role[]) {
  const account = await createAccount(stack, role, `fuzz-${role}-${Date.now()}`);
  // Signed in once, as the consoles do, so the account has its profile.
  await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
  });
  callers.push({ name: role, token: account.token });
}

const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
const ops = operationsOf(doc);
const plans: FuzzPlan[] = ops.flatMap((op) =>
  callers.map((caller) => ({
    op,
    caller,
    cases: Math.ceil((op.public ? PUBLIC_CASES : OTHER_CASES) / callers.length),
  })),
);
const planned = plans.reduce((n, p) => n + p.cases, 0);
console.log(
  `fuzz: seed ${seed} (FUZZ_SEED replays it), ${ops.length} operations ` +
    `(${ops.filter((o) => o.public).length} public), ${planned} cases planned, ` +
    `${CONNECTIONS} keep-alive connections, at most ${SECONDS} s`,
);

const report = await runFuzz({
  origin: server.url,
  plans,
  seed,
  connections: CONNECTIONS,
  deadline: Date.now() + SECONDS * 1000,
  onProgress: (sent) => {
    if (sent % 10_000 === 0) console.log(`  ${sent} sent`);
  },
});

const fivexx = report.byClass['5xx'] ?? 0;
console.log(`\ncases sent     ${report.sent} of ${planned}`);
for (const cls of Object.keys(report.byClass).sort()) {
  console.log(`  ${cls.padEnd(12)} ${report.byClass[cls]}`);
}
console.log(
  `  statuses     ${Object.entries(report.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ')}`,
);
console.log(`5xx            ${fivexx}`);
console.log(`resets         ${report.resets}`);
console.log(`other failures ${report.failures.length - report.resets - fivexx}`);
console.log(`req/s          ${(report.sent / report.seconds).toFixed(0)}`);
console.log(`duration       ${report.seconds.toFixed(1)} s`);
for (const f of report.failures.slice(0, 20)) {
  console.log(`\nseed ${f.seed}: ${f.problem}\n  ${f.request}`);
}
const died = server.dead();
reportResult({ name: 'requests/s', figure: report.sent / report.seconds, unit: 'req/s' });
reportResult({ name: 'cases sent', figure: report.sent, unit: 'cases' });
reportResult({ name: '5xx', figure: fivexx, unit: 'answers', goal: { max: 0 } });
reportResult({ name: 'resets', figure: report.resets, unit: 'connections', goal: { max: 0 } });
reportResult({
  name: 'failures (5xx, resets, bad error shape)',
  figure: report.failures.length + (died ? 1 : 0),
  unit: 'count',
  goal: { max: 0 },
});
if (died) console.log(`\nthe server died:\n${server.output()}`);

await client.close();
await stack.identity.close();
await server.kill();
await emulator.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(report.failures.length || died ? 1 : 0);
