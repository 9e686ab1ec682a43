import { runCommand } from './commands/index.ts';
import { CursorTable } from './cursors.ts';
import { Store } from './store.ts';
import { tempDataDir } from './testkit.ts';
import { silentLogger } from './types.ts';
const store = Store.open(tempDataDir(), { logger: silentLogger, compactMinBytes: 1e9 });
const ctx = { store, cursors: new CursorTable(60000), db: 'b', connectionId: 1, remote: 'x' };
runCommand(ctx, { createIndexes: 'd', indexes: [{ key: { email: 1 }, name: 'email_1', unique: true }] });
for (let b = 0; b < 20; b++) runCommand(ctx, { insert: 'd', documents: Array.from({ length: 1000 }, (_, i) => ({ email: `c${b * 1000 + i}@x`, n: i })) });
function time(label: string, n: number, f: (i: number) => unknown) {
  const t = performance.now(); for (let i = 0; i < n; i++) f(i); const ms = performance.now() - t;
  console.log(label.padEnd(30), (ms * 1000 / n).toFixed(1), 'µs/op');
}
time('find email', 20000, (i) => runCommand(ctx, { find: 'd', filter: { email: `c${i}@x` }, limit: 1, singleBatch: true }));
time('find scan limit 20', 200, () => runCommand(ctx, { find: 'd', filter: { n: { $gt: 500 } }, limit: 20 }));
time('find scan all n>990', 50, () => runCommand(ctx, { find: 'd', filter: { n: { $gt: 990 } } }));
time('fam by _id', 5000, (i) => runCommand(ctx, { findAndModify: 'd', query: { email: `c${i}@x` }, update: { $inc: { n: 1 } } }));
time('insert one', 5000, (i) => runCommand(ctx, { insert: 'd', documents: [{ email: `z${i}`, n: i }] }));
time('countDocuments agg', 50, () => runCommand(ctx, { aggregate: 'd', pipeline: [{ $match: {} }, { $group: { _id: 1, n: { $sum: 1 } } }], cursor: {} }));
await store.close();
