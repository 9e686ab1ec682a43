/**
 * Seller API calls by API token against the same calls by Firebase ID token:
 * `node server/bench/api-tokens.ts` (after `source scripts/bootstrap.sh`). Starts the Auth
 * emulator (`BENCH_AUTH_EMULATOR_PORT`, default 9425) and the app (bench-stack.ts), signs one
 * seller in, creates an API token with `sales:read`, then loads `GET /api/seller/balance` with
 * autocannon (50 connections, `BENCH_SECONDS`, default 10 s, each): by ID token (its check reads
 * the account's blocked flag on every call) and by API token (one read of the token by its hash
 * on every call, so that a revocation counts at once on every instance; the account's state from
 * the same cache). Both pass the seller guard, which reads the shop. Prints req/s, p99 and the token's
 * rate as a share of the ID token's. Exits 1 when a load had errors.
 */
import { pathToFileURL } from 'node:url';
import { createAccount } from '../test/harness.ts';
import { reportResult } from './bench-result.ts';
import { load, startBenchEmulator, startBenchStack, type LoadResult } from './bench-stack.ts';

export async function runApiTokenBench(duration = 10, connections = 50): Promise<LoadResult[]> {
  const emulator = await startBenchEmulator();
  // The per-token limit would answer 429 to a load test.
  const stack = await startBenchStack(emulator.host, { RATE_LIMITS: 'apiToken=100000000/60' });
  try {
    const seller = await createAccount(
      { db: stack.db, identity: stack.identity, emulatorHost: emulator.host },
      'seller',
      `bench-tokens-${Date.now().toString(36)}`,
    );
    const created = await fetch(`${stack.url}/api/seller/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['sales:read'] }),
    });
    if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
    const { token } = (await created.json()) as { token: string };

    const url = `${stack.url}/api/seller/balance`;
    const runs: Array<[string, string]> = [
      ['GET /api/seller/balance (ID token)', seller.token],
      ['GET /api/seller/balance (API token)', token],
    ];
    const results: LoadResult[] = [];
    for (const [label, credential] of runs) {
      const headers = { authorization: `Bearer ${credential}` };
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
      process.stdout.write(`loading ${label} for ${duration} s…\n`);
      results.push(await load(label, url, { headers, connections, duration }));
    }
    return results;
  } finally {
    await stack.close();
    await emulator.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runApiTokenBench(Number(process.env.BENCH_SECONDS ?? 10));
  const [idToken, apiToken] = results as [LoadResult, LoadResult];
  console.log(
    `\n${'endpoint (50 connections)'.padEnd(40)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)}`,
    );
  }
  reportResult({
    name: 'seller call by API token req/s',
    figure: Math.round(apiToken.rps),
    unit: 'req/s',
    ratio: { value: apiToken.rps / idToken.rps, of: 'by ID token req/s' },
  });
  process.exit(results.some((r) => r.errors > 0) ? 1 : 0);
}
