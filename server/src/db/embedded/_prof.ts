import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from './index.ts';
import { tempDataDir } from './testkit.ts';
const engine = await startEmbeddedMongo({ port: 0, dataDir: tempDataDir() });
const client = await new MongoClient(engine.uri, { maxPoolSize: 64 }).connect();
const docs = client.db('bench').collection('docs');
await docs.createIndex({ email: 1 }, { unique: true });
for (let b = 0; b < 20; b++) await docs.insertMany(Array.from({ length: 1000 }, (_, i) => ({ email: `c${b * 1000 + i}@x`, n: i })));
async function parallel(total: number, concurrency: number, op: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < total) await op(next++); }));
}
let t = performance.now();
await parallel(20000, 64, (i) => docs.findOne({ email: `c${i}@x` }));
console.log('findOne', 20000 / ((performance.now() - t) / 1000));
t = performance.now();
await parallel(200, 8, () => docs.find({ n: { $gt: 500 } }).limit(20).toArray());
console.log('scan', 200 / ((performance.now() - t) / 1000));
await client.close(); await engine.close();
