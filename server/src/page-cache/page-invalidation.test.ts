import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { createLogger } from '../logger.ts';
import { createPageChanges } from './page-changes.ts';
import { invalidatingDb, watchChangeStream } from './page-invalidation.ts';

/* The write watcher against the real driver and the embedded engine: what each write publishes. */

let engine: Awaited<ReturnType<typeof startEmbeddedMongo>>;
let client: MongoClient;
let db: Db;
let published: string[][];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-page-tags-'));

beforeAll(async () => {
  engine = await startEmbeddedMongo({ port: 0, dataDir });
  client = await new MongoClient(engine.uri).connect();
  const changes = createPageChanges();
  changes.subscribe((tags) => published.push([...tags]));
  db = invalidatingDb(client.db('page_tags'), changes, createLogger('silent'));
});
afterAll(async () => {
  await client.close();
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  published = [];
});

describe('writes publish the tags of the pages they change', () => {
  const productId = new ObjectId();
  const offerId = new ObjectId();

  it('names an offer’s product, by its document or by looking it up', async () => {
    const offers = db.collection('offers');
    await offers.insertOne({ _id: offerId, productId, stock: 1 });
    await offers.updateOne({ _id: offerId }, { $inc: { stock: -1 } });
    await offers.findOneAndUpdate({ _id: offerId }, { $set: { stock: 3 } });
    await offers.bulkWrite([
      { updateOne: { filter: { _id: offerId }, update: { $set: { a: 1 } } } },
    ]);
    const tags = [`product:${productId.toHexString()}`, 'listing'];
    expect(published).toEqual([tags, tags, tags, tags]);
  });

  it('publishes nothing for a write that changed nothing, or a collection no page shows', async () => {
    await db.collection('offers').updateOne({ _id: new ObjectId() }, { $set: { stock: 0 } });
    await db.collection('offers').findOneAndUpdate({ _id: new ObjectId() }, { $set: { a: 1 } });
    await db.collection('offers').updateOne({ _id: offerId }, { $set: { stock: 3 } });
    await db.collection('orders').insertOne({ total: 1 });
    expect(published).toEqual([]);
  });

  it('falls back to the broad tags when the documents cannot be told', async () => {
    await db.collection('offers').updateMany({ stock: { $gte: 0 } }, { $set: { b: 1 } });
    await db.collection('offers').deleteOne({ _id: offerId });
    expect(published).toEqual([
      ['products', 'listing'],
      ['products', 'listing'],
    ]);
  });

  it('maps reference data, rates and home content to their tags', async () => {
    await db.collection('platforms').insertOne({ slug: 'steam' });
    await db
      .collection('exchangeRates')
      .updateOne({ _id: 'usd' as never }, { $set: { rate: 1.1 } }, { upsert: true });
    await db.collection('home_content').insertOne({ banners: [] });
    expect(published).toEqual([['page'], ['rates'], ['home']]);
  });

  it('leaves reads as they are', async () => {
    await db.collection('products').insertOne({ _id: productId, name: 'x' });
    const id = productId.toHexString();
    expect(published).toEqual([[`product:${id}`, 'listing', `productDoc:${id}`]]);
    expect(await db.collection('products').countDocuments({ _id: productId })).toBe(1);
  });
});

describe('several instances', () => {
  it('follows no change stream where the deployment has none (the embedded engine)', async () => {
    const stop = await watchChangeStream(
      client.db('page_tags'),
      createPageChanges(),
      createLogger('silent'),
    );
    expect(stop).toBeNull();
  });
});
