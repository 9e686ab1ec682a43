/**
 * The engine's own thread (see thread.ts): starts it with the options it was given, forwards
 * its log lines, and closes it cleanly when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedMongo, type EmbeddedMongoOptions } from './index.ts';
import type { ThreadMessage } from './thread.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread (startEmbeddedMongoThread)');
const post = (m: ThreadMessage) => port.postMessage(m);
const log = (level: 'info' | 'warn') => (obj: object, msg?: string) =>
  post({ t: 'log', level, obj, msg });

try {
  const engine = await startEmbeddedMongo({
    ...(workerData as Omit<EmbeddedMongoOptions, 'logger'>),
    logger: { info: log('info'), warn: log('warn') },
  });
  port.on('message', (m: { t: string }) => {
    if (m.t !== 'close') return;
    void engine.close().then(
      () => port.close(), // nothing else keeps the thread alive: it exits
      (err: Error) => {
        post({ t: 'failed', message: `close failed: ${err.message}` });
        port.close();
      },
    );
  });
  post({ t: 'ready', port: engine.port, uri: engine.uri, localUri: engine.localUri });
} catch (err) {
  post({ t: 'failed', message: (err as Error).message });
  port.close();
}
