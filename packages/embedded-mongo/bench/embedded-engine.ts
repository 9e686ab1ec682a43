/**
 * Rough throughput figures through the official driver: `pnpm --filter @market/embedded-mongo bench`.
 * Every write is fsynced before it is acknowledged, so these depend on the disk.
 */
import fs from 'node:fs';
import { MongoClient, type Collection } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.ts';
import { tempDataDir } from '../src/testkit.ts';

async function measure(label: string, ops: number, fn: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await fn();
  const secs = (performance.now() - start) / 1000;
  console.log(
    `${label.padEnd(52)} ${String(Math.round(ops / secs)).padStart(8)} ops/s  (${ops} in ${secs.toFixed(2)} s)`,
  );
}

/** Runs `total` operations with `concurrency` workers. */
async function parallel(
  total: number,
  concurrency: number,
  op: (i: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await op(next++);
    }),
  );
}

const dataDir = tempDataDir();
const engine = await startEmbeddedMongo({ port: 0, dataDir });
const client = await new MongoClient(engine.uri, { maxPoolSize: 64 }).connect();
const db = client.db('bench');
const docs: Collection = db.collection('docs');
await docs.createIndex({ email: 1 }, { unique: true });
await docs.createIndex({ status: 1 });

await measure('insertOne, sequential (1 fsync each)', 1000, () =>
  parallel(1000, 1, (i) =>
    docs.insertOne({ email: `s${i}@x`, n: i, tags: ['a', 'b'], at: new Date() }),
  ),
);
await measure('insertOne, 64 concurrent clients (group commit)', 20000, () =>
  parallel(20000, 64, (i) =>
    docs.insertOne({ email: `c${i}@x`, n: i, tags: ['a', 'b'], at: new Date() }),
  ),
);
await measure('insertMany, batches of 1000 docs', 50000, () =>
  parallel(50, 1, (b) =>
    docs.insertMany(
      Array.from({ length: 1000 }, (_, i) => ({
        email: `m${b}-${i}@x`,
        n: i,
        status: 'available',
      })),
    ),
  ),
);
await measure('findOneAndUpdate claim by indexed status, 64 conc.', 5000, () =>
  parallel(5000, 64, () =>
    docs.findOneAndUpdate({ status: 'available' }, { $set: { status: 'sold' } }),
  ),
);
const ids = (
  await docs
    .find({}, { projection: { _id: 1 } })
    .limit(5000)
    .toArray()
).map((d) => d._id);
await measure('findOneAndUpdate by _id ($inc), 64 concurrent', 20000, () =>
  parallel(20000, 64, (i) =>
    docs.findOneAndUpdate({ _id: ids[i % ids.length] }, { $inc: { n: 1 } }),
  ),
);
await measure('findOne by unique email, 64 concurrent', 20000, () =>
  parallel(20000, 64, (i) => docs.findOne({ email: `c${i}@x` })),
);
const total = await docs.countDocuments();
await measure(`countDocuments() over ${total} docs, 8 concurrent`, 2000, () =>
  parallel(2000, 8, () => docs.countDocuments()),
);
// Ranges and sorted pages walk an ordered index (built here over the existing documents).
await docs.createIndex({ status: 1, n: 1 });
await measure('find by index range (~500 of them), 8 concurrent', 1000, () =>
  parallel(1000, 8, () => docs.find({ status: 'available', n: { $gte: 100, $lt: 110 } }).toArray()),
);
await measure('sorted page walked on an index, limit 24, 8 conc.', 2000, () =>
  parallel(2000, 8, () => docs.find({ status: 'available' }).sort({ n: -1 }).limit(24).toArray()),
);
await measure(`find with a scan filter over ${total} docs, limit 20`, 200, () =>
  parallel(200, 8, () =>
    docs
      .find({ n: { $gt: 500 }, status: { $ne: 'sold' } })
      .limit(20)
      .toArray(),
  ),
);

await client.close();
await engine.close();
console.log(
  `journal after close: ${(fs.statSync(`${dataDir}/bench.journal`).size / 1048576).toFixed(1)} MiB`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
