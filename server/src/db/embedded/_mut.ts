import { keyOf } from './keys.ts';
import { aggregateDocs } from './mql.ts';
import { ObjectId } from 'mongodb';
const mk = () => [{ _id: new ObjectId(), a: { b: { c: 1 } }, arr: [{ x: 1, y: [1, 2] }, { x: 2 }], n: 1, t: 'k' }, { _id: 2, a: { b: { c: 2 } }, arr: [], n: 2, t: 'k' }];
const other = [{ _id: 1, k: 'k', deep: { z: 1 } }];
const pipes = [
  [{ $project: { 'a.b': 1, n: 1, z: { $add: ['$n', 1] } } }],
  [{ $project: { 'a.b.c': 0 } }],
  [{ $unwind: '$arr' }, { $project: { 'arr.x': 1 } }],
  [{ $group: { _id: '$t', all: { $push: '$$ROOT' }, f: { $first: '$a' } } }],
  [{ $replaceRoot: { newRoot: '$a' } }],
  [{ $replaceWith: { $mergeObjects: ['$a', { q: 1 }] } }],
  [{ $lookup: { from: 'o', localField: 't', foreignField: 'k', as: 'j' } }, { $unwind: '$j' }, { $project: { 'j.deep.z': 1 } }],
  [{ $facet: { x: [{ $unwind: '$arr' }], y: [{ $sortByCount: '$t' }] } }],
  [{ $bucket: { groupBy: '$n', boundaries: [0, 5], output: { docs: { $push: '$a' } } } }],
  [{ $sort: { n: -1 } }, { $skip: 0 }, { $limit: 5 }, { $count: 'c' }],
];
for (const p of pipes) {
  const docs = mk(); const before = keyOf(docs) + keyOf(other);
  aggregateDocs(docs, p, () => other);
  console.log(before === keyOf(docs) + keyOf(other) ? 'ok' : 'MUTATED', JSON.stringify(p).slice(0, 60));
}
