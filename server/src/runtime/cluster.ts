import cluster, { type Worker } from 'node:cluster';
import { publicOriginOf, type Config } from '../config.ts';
import { startEmbeddedEngine } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { offlineServicesEnv, startOfflineServices } from './offline-services.ts';

/**
 * How many web processes the start asks for: `--instances N` (or `--instances=N`) on the command
 * line, else INSTANCES; 0 is one process doing what ROLE says.
 */
export function instancesWanted(config: Pick<Config, 'INSTANCES'>, argv: string[]): number {
  const at = argv.findIndex((a) => a === '--instances' || a.startsWith('--instances='));
  if (at === -1) return config.INSTANCES;
  const text = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 64) {
    throw new Error(`--instances must be a whole number from 0 to 64 (got ${text ?? 'nothing'})`);
  }
  return n;
}

/** A child that dies sooner than this after its start is restarted only after a pause. */
const QUICK_DEATH_MS = 5_000;
const RESTART_PAUSE_MS = 1_000;

/**
 * Cluster mode (`INSTANCES=N npm start`): this process starts what the children share — the
 * embedded engine (on its TCP port and Unix socket), the Auth emulator and the sandboxes — once,
 * then forks one worker (ROLE=worker: the jobs, on WORKER_PORT) and, once the worker has prepared
 * the database (indexes, migrations, demo data), N web processes (ROLE=web) listening on the one
 * PORT: node:cluster hands each new connection to one of them. A child that dies is started
 * again; SIGTERM or SIGINT is passed to every child, each drains as a single instance does, and
 * the shared services stop once the last child has exited.
 */
export async function runClusterPrimary(config: Config, log: Logger, webCount: number) {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      await stop().catch((err: unknown) => log.error({ err }, 'error while stopping'));
    }
  };
  let mongoUri = config.MONGODB_URI;
  if (!mongoUri) {
    const engine = await startEmbeddedEngine(config, log);
    stops.push(() => engine.close());
    // The children are on this machine: the Unix socket costs less per command than TCP.
    mongoUri = `${engine.localUri ?? engine.uri.replace(/\/?$/, '/')}?directConnection=true`;
    log.info({ uri: engine.uri }, 'embedded MongoDB engine ready for the cluster');
  }
  const services = await startOfflineServices(config, log).catch(async (err: unknown) => {
    log.fatal({ err }, 'could not start');
    await stopAll();
    process.exit(1);
  });
  stops.push(() => services.close());
  services.setWebhookOrigin(`http://127.0.0.1:${config.PORT}`);

  const workerPort = config.WORKER_PORT ?? config.PORT + 1;
  const shared: Record<string, string> = {
    MONGODB_URI: mongoUri,
    INSTANCES: '0',
    // The shop's origin is PORT's, also for the worker (its links in mails), whatever its port.
    PUBLIC_ORIGIN: publicOriginOf(config),
    ...(services.emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: services.emulatorHost } : {}),
    ...offlineServicesEnv(services),
  };
  const envFor = (role: 'web' | 'worker'): Record<string, string> =>
    role === 'worker'
      ? { ...shared, ROLE: 'worker', PORT: String(workerPort) }
      : // Demo data and migrations are the worker's, done before any web process starts.
        { ...shared, ROLE: 'web', SEED_DEMO_DATA: 'false' };

  let stopping = false;
  const live = new Map<Worker, { role: 'web' | 'worker'; startedAt: number }>();
  const fork = (role: 'web' | 'worker'): Worker => {
    const child = cluster.fork(envFor(role));
    live.set(child, { role, startedAt: Date.now() });
    return child;
  };
  cluster.on('exit', (child, code, signal) => {
    const info = live.get(child);
    live.delete(child);
    if (!info || stopping) return;
    log.error(
      { role: info.role, pid: child.process.pid, code, signal },
      'instance died: restarting',
    );
    const pause = Date.now() - info.startedAt < QUICK_DEATH_MS ? RESTART_PAUSE_MS : 0;
    setTimeout(() => {
      if (!stopping) fork(info.role);
    }, pause).unref();
  });
  const ready = (child: Worker) =>
    new Promise<void>((resolve, reject) => {
      child.on('message', (msg: unknown) => {
        if ((msg as { type?: string } | null)?.type === 'ready') resolve();
      });
      child.once('exit', (code) => reject(new Error(`the worker exited while starting (${code})`)));
    });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, instances: live.size }, 'stopping the cluster');
    const exits = [...live.keys()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.isDead()) return resolve();
          child.once('exit', () => resolve());
          child.process.kill(signal);
        }),
    );
    await Promise.all(exits);
    await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await ready(fork('worker')).catch(async (err: unknown) => {
    log.fatal({ err }, 'could not start the cluster');
    stopping = true;
    await stopAll();
    process.exit(1);
  });
  for (let i = 0; i < webCount; i++) fork('web');
  log.info(
    { web: webCount, port: config.PORT, workerPort, pid: process.pid },
    'cluster started: web processes on PORT, the worker on its own port',
  );
}
