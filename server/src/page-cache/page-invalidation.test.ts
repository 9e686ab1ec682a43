import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { createLogger } from '../logger.ts';
import { createPageChanges } from './page-changes.ts';
import { changeStreamGaps, changeStreamLagSeconds } from '../observability/metrics.ts';
import { EVERY_TAG, invalidatingDb, watchChangeStream } from './page-invalidation.ts';
import { EVERY_PAGE } from './page-tags.ts';

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

describe('several instances: the change stream', () => {
  const log = createLogger('silent');
  /** The tags published on a fresh bus, and a wait for some to arrive. */
  function listen() {
    const changes = createPageChanges();
    const heard: string[][] = [];
    changes.subscribe((tags) => heard.push([...tags]));
    const until = async (pred: (all: string[][]) => boolean, ms = 5_000) => {
      const end = Date.now() + ms;
      while (!pred(heard) && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      expect(pred(heard)).toBe(true);
    };
    return { changes, heard, until };
  }
  const has = (tag: string) => (all: string[][]) => all.some((tags) => tags.includes(tag));

  it('hears another instance’s writes within milliseconds, the engine included', async () => {
    const { changes, heard, until } = listen();
    const stop = await watchChangeStream(client.db('stream_a'), changes, log);
    expect(stop).not.toBeNull();
    try {
      // Another instance: its own client, writing straight to the database.
      const other = await new MongoClient(engine.uri).connect();
      const productId = new ObjectId();
      const uid = 'u-stream-a';
      const start = performance.now();
      await other.db('stream_a').collection('offers').insertOne({ productId, price: 5 });
      await until(has(`product:${productId.toHexString()}`));
      expect(performance.now() - start).toBeLessThan(500);
      await other
        .db('stream_a')
        .collection('users')
        .updateOne({ _id: uid as never }, { $set: { blocked: true } }, { upsert: true });
      await until(has(`user:${uid}`));
      // Collections no cache reads are not followed.
      await other.db('stream_a').collection('orders').insertOne({ total: 1 });
      await other.close();
      expect(heard.flat().some((t) => t.includes('order'))).toBe(false);
      expect((await changeStreamLagSeconds.get()).values[0]?.value).toBeLessThan(1);
    } finally {
      await stop?.();
    }
  });

  it('opens again after the stream ends from where it stood: writes meanwhile are heard, nothing dropped', async () => {
    const { changes, heard, until } = listen();
    const db = client.db('stream_b');
    await db.collection('offers').insertOne({ productId: new ObjectId() });
    const gaps = (await changeStreamGaps.get()).values[0]?.value ?? 0;
    const stop = await watchChangeStream(db, changes, log, { retryMs: 500 });
    try {
      // A dropped database ends (invalidates) its stream; the watcher opens it again later.
      await db.dropDatabase();
      const productId = new ObjectId();
      await db.collection('offers').insertOne({ productId });
      await until(has(`product:${productId.toHexString()}`));
      expect(heard.flat()).not.toContain(EVERY_PAGE);
      expect((await changeStreamGaps.get()).values[0]?.value ?? 0).toBe(gaps);
    } finally {
      await stop?.();
    }
  });

  it('drops every page and cached entry, counted as a gap, when the history it needs is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-stream-gap-'));
    let own = await startEmbeddedMongo({ port: 0, dataDir: dir });
    const port = own.port;
    const watcherClient = await new MongoClient(own.uri, {
      serverSelectionTimeoutMS: 10_000,
    }).connect();
    const { changes, until } = listen();
    const gaps = (await changeStreamGaps.get()).values[0]?.value ?? 0;
    const stop = await watchChangeStream(watcherClient.db('stream_c'), changes, log, {
      retryMs: 200,
    });
    try {
      // A restart: the engine's history of changes does not survive it.
      await own.close();
      own = await startEmbeddedMongo({ port, dataDir: dir });
      await until((all) => all.some((tags) => EVERY_TAG.every((t) => tags.includes(t))), 15_000);
      expect(EVERY_TAG).toEqual(expect.arrayContaining(['page', 'users', 'carts', 'products']));
      expect((await changeStreamGaps.get()).values[0]?.value).toBe(gaps + 1);
      // And it follows the writes again afterwards.
      const productId = new ObjectId();
      const writer = await new MongoClient(own.uri).connect();
      await writer.db('stream_c').collection('offers').insertOne({ productId });
      await writer.close();
      await until(has(`product:${productId.toHexString()}`));
    } finally {
      await stop?.();
      await watcherClient.close();
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
