/** Handshake, diagnostics and session commands: what a driver sends besides CRUD. */
import os from 'node:os';
import { illegalOperation } from '../errors.ts';
import type { Doc } from '../types.ts';
import type { Handler } from './context.ts';

export const SERVER_VERSION = '7.0.0';
// Wire version 21 = MongoDB 7.0; driver 7.x needs at least 9 (4.4). Staying at 7.0 keeps the
// driver from using 8.0-only commands (e.g. bulkWrite) we do not implement.
const MAX_WIRE_VERSION = 21;
const STARTED = Date.now();

/** Answers as a standalone server. No topologyVersion: the driver then polls instead of streaming. */
function hello(legacy: boolean): Handler {
  return (ctx) => ({
    helloOk: true,
    [legacy ? 'ismaster' : 'isWritablePrimary']: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  });
}

const ok: Handler = () => ({ ok: 1 });

const buildInfo: Handler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  modules: [],
  ok: 1,
});

const getParameter: Handler = (_ctx, cmd) => {
  const reply: Doc = {};
  if (cmd['featureCompatibilityVersion'] !== undefined || cmd['getParameter'] === '*') {
    reply['featureCompatibilityVersion'] = { version: '7.0' };
  }
  reply['ok'] = 1;
  return reply;
};

const serverStatus: Handler = (ctx) => ({
  host: os.hostname(),
  version: SERVER_VERSION,
  process: 'embedded-mongo',
  pid: process.pid,
  uptime: Math.floor((Date.now() - STARTED) / 1000),
  localTime: new Date(),
  opcounters: ctx.opcounters.toDoc(),
  metrics: { cursor: { open: { total: ctx.cursors.size } } },
  ok: 1,
});

const dbStats: Handler = (ctx) => {
  const colls = ctx.store.database(ctx.db)?.collections() ?? [];
  return {
    db: ctx.db,
    collections: colls.length,
    objects: colls.reduce((n, c) => n + c.size, 0),
    indexes: colls.reduce((n, c) => n + c.indexSpecs().length, 0),
    storageSize: ctx.store.sizeOnDisk(ctx.db),
    ok: 1,
  };
};

// Without replication there are no transactions; acknowledging one would be a silent lie.
const noTransactions: Handler = () => {
  throw illegalOperation('Transaction numbers are only allowed on a replica set member or mongos');
};

export const adminCommands: Record<string, Handler> = {
  hello: hello(false),
  isMaster: hello(true),
  ismaster: hello(true),
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  serverStatus,
  dbStats,
  whatsmyuri: (ctx) => ({ you: ctx.remote, ok: 1 }),
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  getCmdLineOpts: () => ({ argv: [], parsed: {}, ok: 1 }),
  hostInfo: () => ({
    system: { hostname: os.hostname(), numCores: os.cpus().length },
    os: { type: os.type() },
    ok: 1,
  }),
  endSessions: ok,
  killSessions: ok,
  killAllSessions: ok,
  refreshSessions: ok,
  commitTransaction: noTransactions,
  abortTransaction: noTransactions,
};
