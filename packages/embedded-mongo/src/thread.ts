/**
 * The engine on a thread of its own, so its query work never competes with the host's event
 * loop (an app server's request handling). Same options and guarantees as startEmbeddedMongo:
 * it listens on TCP for the driver, journals and fsyncs every write before acknowledging it,
 * and recovers its data directory on start; the host only relays log lines.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedMongo, EmbeddedMongoOptions } from './index.ts';
import { silentLogger } from './types.ts';

/** What the engine's thread tells its host. */
export type ThreadMessage =
  | { t: 'ready'; port: number; uri: string; localUri: string | null }
  | { t: 'log'; level: 'info' | 'warn'; obj: object; msg?: string | undefined }
  | { t: 'failed'; message: string };

export interface EmbeddedMongoThreadOptions extends EmbeddedMongoOptions {
  /**
   * Called if the thread dies without being closed (the engine is gone). By default the error
   * is thrown on the host, which ends the process as an in-process engine failure would.
   */
  onCrash?: (err: Error) => void;
}

/** Data directories opened by engine threads of this process (each thread sees only its own). */
const THREAD_DIRS = new Set<string>();

/** Where the started engine listens. */
type Ready = Omit<Extract<ThreadMessage, { t: 'ready' }>, 't'>;

/** Starts the engine in a worker thread; resolves once it listens. */
export async function startEmbeddedMongoThread(
  opts: EmbeddedMongoThreadOptions,
): Promise<EmbeddedMongo> {
  const { logger = silentLogger, onCrash, ...rest } = opts;
  const dir = path.resolve(rest.dataDir);
  if (THREAD_DIRS.has(dir))
    throw new Error(`embedded MongoDB data directory ${dir} is already open in this process`);
  THREAD_DIRS.add(dir);
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: rest });
  let closing = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  void exited.then(() => THREAD_DIRS.delete(dir));

  const ready = new Promise<Ready>((resolve, reject) => {
    worker.on('message', (m: ThreadMessage) => {
      if (m.t === 'ready') resolve(m);
      else if (m.t === 'log') logger[m.level](m.obj, m.msg);
      else if (m.t === 'failed') {
        const err = new Error(`embedded MongoDB: ${m.message}`);
        reject(err);
        logger.warn({ err: m.message }, 'embedded MongoDB thread failed');
      }
    });
    worker.once('error', (err) => {
      reject(err);
      if (!closing) crash(err);
    });
    void exited.then((code) => {
      const err = new Error(`embedded MongoDB thread exited (code ${code})`);
      reject(err);
      if (!closing) crash(err);
    });
  });
  let started = false;
  const crash = (err: Error) => {
    if (!started) return; // startup failures reject `ready` instead
    closing = true;
    if (onCrash) onCrash(err);
    else
      process.nextTick(() => {
        throw err;
      });
  };

  let info: Ready;
  try {
    info = await ready;
  } catch (err) {
    closing = true;
    await worker.terminate();
    throw err;
  }
  started = true;
  let closed: Promise<void> | null = null;
  return {
    uri: info.uri,
    port: info.port,
    localUri: info.localUri,
    close() {
      closed ??= (async () => {
        closing = true;
        worker.postMessage({ t: 'close' });
        await exited;
      })();
      return closed;
    },
  };
}
