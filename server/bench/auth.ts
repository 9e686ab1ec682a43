/**
 * Authenticated calls against the health check: `node server/bench/auth.ts` (after
 * `source scripts/bootstrap.sh`). Starts the Firebase Auth emulator (`BENCH_AUTH_EMULATOR_PORT`,
 * default 9425, and the next two ports) and the app (bench-stack.ts), signs one buyer in and opens
 * a session, then loads with autocannon (50 connections, `BENCH_SECONDS`, default 10 s, each):
 * `GET /api/health`, `GET /api/cart/get` with `Authorization: Bearer <ID token>`, and the same
 * with the `session` cookie, and `GET /api/me` by Bearer (authentication alone, no read of its
 * own). Prints req/s, p99 and each one's share of the health rate.
 * Exits 1 when a load had errors (a refused credential would show as non-2xx).
 */
import { pathToFileURL } from 'node:url';
import { createAccount } from '../test/harness.ts';
import { reportResult } from './bench-result.ts';
import {
  compareLoads,
  startBenchEmulator,
  startBenchStack,
  type ComparedLoad,
} from './bench-stack.ts';

export type AuthBenchResult = ComparedLoad & { vsHealth: number };

/** Runs the loads; the results in the order health, cart by Bearer, by cookie, me by Bearer. */
export async function runAuthBench({ rounds = 3, seconds = 4, connections = 50 } = {}): Promise<
  AuthBenchResult[]
> {
  const emulator = await startBenchEmulator();
  const stack = await startBenchStack(emulator.host);
  try {
    const buyer = await createAccount(
      { db: stack.db, identity: stack.identity, emulatorHost: emulator.host },
      'user',
      `bench-auth-${Date.now().toString(36)}`,
    );
    const login = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    if (login.status !== 204) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    const runs: Array<[string, string, Record<string, string>]> = [
      ['GET /api/health', '/api/health', {}],
      [
        'GET /api/cart/get (Bearer ID token)',
        '/api/cart/get',
        { authorization: `Bearer ${buyer.token}` },
      ],
      ['GET /api/cart/get (session cookie)', '/api/cart/get', { cookie }],
      // Authentication alone: the caller's identity, no read of its own.
      ['GET /api/me (Bearer ID token)', '/api/me', { authorization: `Bearer ${buyer.token}` }],
    ];
    for (const [label, path, headers] of runs) {
      const check = await fetch(stack.url + path, { headers });
      if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
    }
    const results = await compareLoads(
      runs.map(([label, path, headers]) => ({
        label,
        url: stack.url + path,
        headers,
        connections,
      })),
      { rounds, seconds },
    );
    return results.map((r) => ({ ...r, vsHealth: r.vsFirst }));
  } finally {
    await stack.close();
    await emulator.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runAuthBench({
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 4),
  });
  console.log(
    `\n${'endpoint (50 connections)'.padEnd(40)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'vs health'.padStart(10)} ${'errors'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)} ${`${(r.vsHealth * 100).toFixed(1)}%`.padStart(10)} ${String(r.errors).padStart(7)}`,
    );
  }
  // The issue's goal: authenticated cart reads at 40 % of the health check's rate or more.
  for (const r of results.slice(1)) {
    reportResult({
      name: `${r.label} req/s`,
      figure: Math.round(r.rps),
      unit: 'req/s',
      ratio: { value: r.vsHealth, of: 'health req/s' },
      ...(r.label.includes('cart') && { pass: r.vsHealth >= 0.4 }),
    });
  }
  process.exit(results.some((r) => r.errors > 0) ? 1 : 0);
}
