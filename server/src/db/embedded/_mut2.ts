import { keyOf } from './keys.ts';
import { projectDocs } from './mql.ts';
const mk = () => [{ _id: 1, a: { b: { c: 1, d: 2 } }, arr: [{ x: 1, y: [1, 2] }, { x: 2 }], n: 1 }];
for (const p of [{ 'a.b.c': 0 }, { a: { b: { c: 0 } } }, { a: 0 }, { arr: { $slice: 1 } }, { arr: { $elemMatch: { x: 2 } } }, { 'arr.x': 1 }, { 'a.b.c': 1 }, { n: 0, a: 0 }, { z: '$n' }]) {
  const docs = mk(); const before = keyOf(docs);
  const out = projectDocs(docs, p as never);
  console.log(before === keyOf(docs) ? 'ok' : 'MUTATED', JSON.stringify(p), JSON.stringify(out));
}
