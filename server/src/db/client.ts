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

/** Connects to MONGODB_URI, or starts the embedded engine under DATA_DIR and connects to it. */
export async function connectDatabase(config: Config, log: Logger): Promise<Database> {
  if (config.MONGODB_URI) {
    const client = await new MongoClient(config.MONGODB_URI).connect();
    log.info({ db: config.MONGODB_DB }, 'connected to MongoDB');
    return {
      db: client.db(config.MONGODB_DB),
      client,
      mode: 'external',
      close: () => client.close(),
    };
  }
  // Loaded only here: the engine is a development dependency, absent from the production image
  // (where the config refuses to start without MONGODB_URI). It runs on a thread of its own so
  // its query work never holds up request handling; if that thread dies, the process ends. The
  // server talks to it over a Unix socket (cheaper per command than loopback TCP); tools and
  // tests use the TCP port.
  const { startEmbeddedMongoThread } = await import('@market/embedded-mongo');
  const engine = await startEmbeddedMongoThread({
    host: '127.0.0.1',
    port: config.EMBEDDED_MONGO_PORT,
    dataDir: path.join(config.DATA_DIR, 'mongo'),
    localSocket: true,
    logger: log,
  });
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
