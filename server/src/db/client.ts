import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export type Database = {
  db: Db;
  client: MongoClient;
  mode: 'embedded' | 'external';
  close(): Promise<void>;
};

/** What a MongoDB deployment is, as its `hello` answer says. */
export type Deployment = 'replicaSet' | 'sharded' | 'standalone';

/**
 * A replica set member answers `hello` with its `setName` (a one-node replica set too), a mongos
 * with `msg: 'isdbgrid'`; anything else is a standalone server.
 */
export async function deploymentOf(db: Db): Promise<Deployment> {
  const hello = await db.admin().command({ hello: 1 });
  if (typeof hello.setName === 'string' && hello.setName) return 'replicaSet';
  if (hello.msg === 'isdbgrid') return 'sharded';
  return 'standalone';
}

export const STANDALONE_REFUSED =
  'MONGODB_URI points at a standalone MongoDB server; production needs a replica set (a one-node replica set is fine: start mongod with --replSet rs0 and run rs.initiate() once). Several instances keep their caches, session states and page caches in step through change streams, which a standalone server does not have.';

/**
 * Whether `db`'s deployment has change streams: a replica set or a sharded cluster does; a
 * standalone server does not, unless it answers a `$changeStream` (the embedded engine does).
 */
export async function hasChangeStreams(db: Db): Promise<boolean> {
  if ((await deploymentOf(db)) !== 'standalone') return true;
  try {
    const reply = await db.command({
      aggregate: 1,
      pipeline: [{ $changeStream: {} }],
      cursor: { batchSize: 0 },
    });
    const id = (reply.cursor as { id?: unknown } | undefined)?.id;
    if (id)
      await db.command({ killCursors: '$cmd.aggregate', cursors: [id] }).catch(() => undefined);
    return true;
  } catch {
    // A standalone mongod: "The $changeStream stage is only supported on replica sets" (40573).
    return false;
  }
}

/** Connects to MONGODB_URI, or starts the embedded engine under DATA_DIR and connects to it. */
export async function connectDatabase(config: Config, log: Logger): Promise<Database> {
  if (config.MONGODB_URI) {
    const client = await new MongoClient(config.MONGODB_URI).connect();
    // Without change streams an instance cannot hear the others' writes (a block, a logout, a
    // price): refused in production rather than served stale for a cache's lifetime.
    if (
      config.NODE_ENV === 'production' &&
      (await deploymentOf(client.db(config.MONGODB_DB))) === 'standalone'
    ) {
      await client.close();
      throw new Error(STANDALONE_REFUSED);
    }
    log.info({ db: config.MONGODB_DB }, 'connected to MongoDB');
    return {
      db: client.db(config.MONGODB_DB),
      client,
      mode: 'external',
      close: () => client.close(),
    };
  }
  const engine = await startEmbeddedEngine(config, log);
  const client = await new MongoClient(engine.localUri ?? engine.uri, {
    directConnection: true,
  }).connect();
  log.info({ uri: engine.uri, db: config.MONGODB_DB }, 'embedded MongoDB engine ready');
  return {
    db: client.db(config.MONGODB_DB),
    client,
    mode: 'embedded',
    async close() {
      await client.close();
      await engine.close();
    },
  };
}

/**
 * The embedded engine, for this process or (cluster mode) for the children of this one. Loaded
 * only here: the engine is a development dependency, absent from the production image (where the
 * config refuses to start without MONGODB_URI). It runs on a thread of its own so its query work
 * never holds up request handling; if that thread dies, the process ends. Servers on this machine
 * talk to it over its Unix socket (cheaper per command than loopback TCP); tools and tests use
 * the TCP port.
 */
export async function startEmbeddedEngine(config: Config, log: Logger) {
  const { startEmbeddedMongoThread } = await import('@market/embedded-mongo');
  return startEmbeddedMongoThread({
    host: '127.0.0.1',
    port: config.EMBEDDED_MONGO_PORT,
    dataDir: path.join(config.DATA_DIR, 'mongo'),
    localSocket: true,
    logger: log,
  });
}
