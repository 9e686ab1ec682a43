/**
 * Embedded MongoDB-compatible engine: speaks the wire protocol on a loopback port so the
 * official driver works unchanged, keeps data in memory, and journals every write to disk
 * (fsynced before the write is acknowledged). See README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from './commands/index.ts';
import { CursorTable } from './cursors.ts';
import { OpCounters } from './opcounters.ts';
import { WireServer } from './server.ts';
import { Store } from './store.ts';
import { sweepExpired } from './ttl.ts';
import { silentLogger, type EngineLogger } from './types.ts';

export { SUPPORTED_COMMANDS } from './commands/index.ts';
export { startEmbeddedMongoThread, type EmbeddedMongoThreadOptions } from './thread.ts';

export interface EmbeddedMongo {
  uri: string;
  port: number;
  /** The same engine on a Unix socket, when asked for (`localSocket`): for a client on this machine. */
  localUri: string | null;
  close(): Promise<void>;
}

export interface EmbeddedMongoOptions {
  host?: string;
  /** 0 = any free port. */
  port: number;
  dataDir: string;
  logger?: EngineLogger;
  /** How often TTL indexes are swept (default 1000 ms). */
  ttlSweepMs?: number;
  /** Idle time after which a server-side cursor is dropped (default 10 min). */
  cursorTimeoutMs?: number;
  /** A journal is rewritten from a snapshot once it exceeds max(this, 4 × its last snapshot). */
  compactMinBytes?: number;
  /** Changes kept for change streams to resume from (default 10,000; older tokens: history lost). */
  changeHistory?: number;
  /** Also listen on a Unix socket in a private temporary directory (not on Windows). */
  localSocket?: boolean;
}

/** Starts the engine on host:port (port 0 = any free port), data kept under dataDir. */
export async function startEmbeddedMongo(opts: EmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const logger = opts.logger ?? silentLogger;
  const host = opts.host ?? '127.0.0.1';
  const store = Store.open(opts.dataDir, {
    logger,
    compactMinBytes: opts.compactMinBytes ?? 64 * 1024 * 1024,
    ...(opts.changeHistory !== undefined && { changeHistory: opts.changeHistory }),
  });
  const cursors = new CursorTable(opts.cursorTimeoutMs ?? 10 * 60_000);
  const opcounters = new OpCounters();
  const server = new WireServer(
    {
      execute: (req, conn) =>
        runCommand(
          { store, cursors, opcounters, db: req.db, connectionId: conn.id, remote: conn.remote },
          req.command,
        ),
      durable: () => store.durable(),
    },
    logger,
  );
  let port: number;
  let socketDir: string | null = null;
  try {
    port = await server.listen(host, opts.port);
    if (opts.localSocket && process.platform !== 'win32') {
      // A directory of its own (mode 0700): no stale file to collide with, no other user's access.
      socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-'));
      await server.listenLocal(path.join(socketDir, 'engine.sock'));
    }
  } catch (err) {
    await server.close();
    await store.close();
    if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }

  const timer = setInterval(() => {
    try {
      const removed = sweepExpired(store);
      if (removed) logger.info({ removed }, 'embedded MongoDB: TTL removed expired documents');
      cursors.sweep();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'embedded MongoDB: TTL sweep failed');
    }
  }, opts.ttlSweepMs ?? 1000);
  timer.unref();

  let closing: Promise<void> | null = null;
  return {
    uri: `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    localUri: socketDir
      ? `mongodb://${encodeURIComponent(path.join(socketDir, 'engine.sock'))}/`
      : null,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await server.close();
        await store.close();
        if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
