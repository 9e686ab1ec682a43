/**
 * Bulk key upload through the seller API: `node server/bench/key-upload.ts` (after
 * `source scripts/bootstrap.sh`). Starts the Firebase Auth emulator (port
 * `BENCH_AUTH_EMULATOR_PORT`, default 9425) and the app, signs in a seller, and uploads
 * `BENCH_KEYS` (default 100,000) keys to an offer one batch after the other, as the seller
 * console does: batches of 5,000 (the API's most) and of 500 (the console's own size).
 */
import crypto from 'node:crypto';
import { KeyUploadResultSchema, SellerOfferSchema } from '@market/shared';
import { newProduct } from '../test/fixtures.ts';
import { createAccount } from '../test/harness.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator, startBenchStack } from './bench-stack.ts';

const TOTAL = Number(process.env.BENCH_KEYS ?? 100_000);
const BATCHES = [5_000, 500];

const emulator = await startBenchEmulator();
const stack = await startBenchStack(emulator.host);

// An approved seller, signed in through the emulator as the console would be.
const { token } = await createAccount(
  { db: stack.db, identity: stack.identity, emulatorHost: emulator.host },
  'seller',
  `bench-seller-${Date.now()}`,
);
const api = async (method: string, p: string, body?: unknown) => {
  const res = await fetch(stack.url + p, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
};

/** A new product and the seller's offer on it; returns the offer id. */
async function newOffer(n: number): Promise<string> {
  const productId = await newProduct(stack.db, { name: `Bench Keys ${n}`, brand: 'Bench' });
  const offer = SellerOfferSchema.parse(
    await api('POST', '/api/seller/offers', { productId, prices: { eur: 999 } }),
  );
  return offer.id;
}

/** `count` distinct codes shaped `XXXXX-XXXXXXXXXX`, unique to this run. */
function codes(count: number): string[] {
  const run = crypto.randomBytes(4).toString('hex').toUpperCase();
  return Array.from(
    { length: count },
    (_, i) => `${run.slice(0, 5)}-${run.slice(5)}${i.toString(36).toUpperCase().padStart(7, '0')}`,
  );
}

const rows: string[] = [];
for (const [n, batch] of BATCHES.entries()) {
  const offerId = await newOffer(n);
  const all = codes(TOTAL);
  let accepted = 0;
  const start = performance.now();
  for (let from = 0; from < TOTAL; from += batch) {
    const result = KeyUploadResultSchema.parse(
      await api('POST', `/api/seller/offers/${offerId}/keys`, {
        codes: all.slice(from, from + batch),
      }),
    );
    accepted += result.accepted;
  }
  const secs = (performance.now() - start) / 1000;
  const { stock } = SellerOfferSchema.parse(await api('GET', `/api/seller/offers/${offerId}`));
  if (stock !== TOTAL || accepted !== TOTAL) {
    throw new Error(`batches of ${batch}: stock ${stock}, accepted ${accepted}, expected ${TOTAL}`);
  }
  rows.push(
    `${`batches of ${batch}`.padEnd(18)} ${String(TOTAL / batch).padStart(7)} ${secs.toFixed(1).padStart(9)} ${Math.round(
      TOTAL / secs,
    )
      .toString()
      .padStart(8)} ${String(stock).padStart(8)}`,
  );
  console.log(`batches of ${batch}: done in ${secs.toFixed(1)} s`);
  reportResult({
    name: `${TOTAL} keys in batches of ${batch}`,
    figure: TOTAL / secs,
    unit: 'keys/s',
  });
  reportResult({
    name: `one call of ${batch} keys`,
    figure: (secs * 1000) / (TOTAL / batch),
    unit: 'ms',
  });
}

console.log(`\n${TOTAL} keys per run, one request after the other`);
console.log(
  `${'upload'.padEnd(18)} ${'calls'.padStart(7)} ${'seconds'.padStart(9)} ${'keys/s'.padStart(8)} ${'stock'.padStart(8)}`,
);
for (const row of rows) console.log(row);

await stack.close();
await emulator.close();
