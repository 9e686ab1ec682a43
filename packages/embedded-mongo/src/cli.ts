/**
 * Runs the embedded engine as a process: `node cli.ts --port N --data DIR [--host H]`.
 * Prints `READY <port>` once listening (tests wait for it); SIGINT/SIGTERM close cleanly.
 */
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'ttl-sweep-ms': { type: 'string' },
  },
});
if (!values.data) {
  process.stderr.write('usage: cli.ts --port N --data DIR [--host H] [--ttl-sweep-ms MS]\n');
  process.exit(2);
}

const log = (level: string) => (o: object, msg?: string) =>
  process.stderr.write(JSON.stringify({ level, msg, ...o }) + '\n');

const engine = await startEmbeddedMongo({
  host: values.host,
  port: Number(values.port),
  dataDir: values.data,
  ttlSweepMs: values['ttl-sweep-ms'] ? Number(values['ttl-sweep-ms']) : undefined,
  logger: { info: log('info'), warn: log('warn') },
});
process.stdout.write(`READY ${engine.port}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void engine.close().then(() => process.exit(0));
  });
}
