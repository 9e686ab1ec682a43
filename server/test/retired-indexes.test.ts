import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { ensureIndexes } from '../src/db/indexes.ts';
import { productIndexes } from '../src/modules/products/products.repository.ts';

describe('ensureIndexes on a database an earlier version indexed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-retired-'));
  let engine: Awaited<ReturnType<typeof startEmbeddedMongo>>;
  let client: MongoClient;
  beforeAll(async () => {
    engine = await startEmbeddedMongo({ port: 0, dataDir: dir });
    client = await new MongoClient(engine.uri).connect();
  });
  afterAll(async () => {
    await client.close();
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drops the indexes the compound ones replaced, keeps the others, and runs twice', async () => {
    const db = client.db('retired');
    const products = db.collection('products');
    // What the previous version created: the price sort without its _id tie-breaker.
    await products.createIndexes([{ key: { eurMin: 1 } }, { key: { slug: 1 }, unique: true }]);
    await ensureIndexes(db, { products: productIndexes });
    await ensureIndexes(db, { products: productIndexes });
    const names = (await products.listIndexes().toArray()).map((ix) => ix.name as string);
    expect(names).not.toContain('eurMin_1');
    expect(names).toContain('eurMin_1__id_1');
    expect(names).toContain('slug_1');
  });
});
