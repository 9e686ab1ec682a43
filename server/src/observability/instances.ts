import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, IndexDescription } from 'mongodb';
import type { InstanceRole } from '@market/shared';
import { REPO_ROOT } from '../config.ts';
import type { Logger } from '../logger.ts';
import { instanceId } from './instance.ts';

/**
 * One running instance of the server in the `instances` registry: written by the instance
 * itself every `HEARTBEAT_MS`, forgotten by the TTL index when it stops writing (a crash, a
 * SIGKILL) and deleted by a clean stop. The System page lists the live ones.
 */
export type InstanceDoc = {
  _id: string;
  role: InstanceRole;
  pid: number;
  version: string;
  startedAt: Date;
  /** On the database's clock (`$currentDate`), so instances' clocks need not agree. */
  lastSeenAt: Date;
};

export const HEARTBEAT_MS = 5_000;
/** An instance is live while its last heartbeat is younger than three periods. */
export const LIVE_WITHIN_MS = 3 * HEARTBEAT_MS;
/** The row of a dead instance is dropped after a minute (MongoDB's TTL monitor runs every 60 s). */
const FORGET_AFTER_SECONDS = 60;

export const instanceIndexes: IndexDescription[] = [
  { key: { lastSeenAt: 1 }, expireAfterSeconds: FORGET_AFTER_SECONDS },
];

/**
 * `0.1.0+3f2a9c1`: the server's package version, and the commit it was built from when known
 * (GIT_SHA or SOURCE_COMMIT from the build, else the work tree's HEAD), so a rolling deploy shows
 * which instances run what.
 */
function readVersion(): string {
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'server/package.json'), 'utf8'),
    ) as { version?: string };
    version = pkg.version ?? version;
  } catch {
    // An image without the package file still reports its commit.
  }
  let sha = process.env.GIT_SHA ?? process.env.SOURCE_COMMIT;
  if (!sha) {
    try {
      sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2_000,
      })
        .toString()
        .trim();
    } catch {
      // No git (a container image): the package version alone.
    }
  }
  return sha ? `${version}+${sha.slice(0, 12)}` : version;
}

let version: string | undefined;
/** Read once per process: the build does not change under a running server. */
export const serverVersion = () => (version ??= readVersion());

/**
 * Registers this process in `instances` and keeps its heartbeat until `stop`, which removes the
 * row (a clean stop leaves no ghost for the minute the TTL would take). A failed heartbeat is
 * logged and tried again next period: the registry is for people, never a reason to stop.
 */
export async function startInstanceHeartbeat(args: {
  db: Db;
  role: InstanceRole;
  log: Logger;
  /** Tests register several "instances" from one process. */
  id?: string;
  everyMs?: number;
}): Promise<{ stop(): Promise<void> }> {
  const { db, role, log } = args;
  const id = args.id ?? instanceId;
  const instances = db.collection<InstanceDoc>('instances');
  await instances.createIndexes(instanceIndexes);
  const startedAt = new Date();
  const beat = () =>
    instances.updateOne(
      { _id: id },
      {
        $set: { role, pid: process.pid, version: serverVersion() },
        $setOnInsert: { startedAt },
        $currentDate: { lastSeenAt: true },
      },
      { upsert: true },
    );
  await beat();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = beat()
      .catch((err: unknown) => log.warn({ err }, 'instance heartbeat not written'))
      .finally(() => (running = null));
  }, args.everyMs ?? HEARTBEAT_MS);
  // The heartbeat never keeps a stopping process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await instances
        .deleteOne({ _id: id })
        .catch((err: unknown) => log.warn({ err }, 'instance row not removed'));
    },
  };
}
