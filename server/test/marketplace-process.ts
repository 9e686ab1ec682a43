import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Db } from 'mongodb';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { createAccount } from './harness.ts';

/*
 * The marketplace as its own process, exactly as `npm start` runs it (main.ts: embedded engine,
 * payment sandboxes, jobs), for the tests and benchmarks that kill it and start it again on the
 * same DATA_DIR and ports.
 */

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

const listenable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A port nobody listens on; with `pair`, the next one is free too (the payment sandboxes). */
export async function freePort(pair = false): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (!pair || (port < 65535 && (await listenable(port + 1)))) return port;
  }
}

export type Ports = { http: number; mongo: number; sandboxes: number };

/** Fresh ports for one marketplace: HTTP, the embedded engine, the two payment sandboxes. */
export async function freePorts(): Promise<Ports> {
  return { http: await freePort(), mongo: await freePort(), sandboxes: await freePort(true) };
}

export type MarketplaceProcess = {
  url: string;
  /** The engine's address, for checks through the official driver. */
  mongoUri: string;
  child: ChildProcess;
  /** Resolves when the process ends, with the signal that ended it (null: it exited). */
  ended: Promise<NodeJS.Signals | null>;
  /** Whether the process has ended. */
  dead(): boolean;
  /** The tail of what it wrote: its log at warn and above, and stderr. */
  output(): string;
  /** SIGKILL, and waits for the end. */
  kill(): Promise<void>;
};

type StartOptions = {
  ports: Ports;
  dataDir: string;
  emulatorHost: string;
  env?: Record<string, string>;
};

/** The process ended before it answered because one of its ports was taken meanwhile. */
class PortTaken extends Error {}

/**
 * Starts main.ts on `ports` and `dataDir` (no demo data, logs at warn) with `env` added, against
 * the Auth emulator at `emulatorHost`; resolves once `/api/health` answers. A port found free can
 * be taken before the process binds it (another test's server, or an outgoing connection's local
 * port: the range is the same); the start is then tried again on fresh ports, which `opts.ports`
 * takes, so a caller restarting on `opts.ports` finds the process's own.
 */
export async function startMarketplace(opts: StartOptions): Promise<MarketplaceProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
      Object.assign(opts.ports, await freePorts());
    }
  }
}

async function startOnce(opts: StartOptions): Promise<MarketplaceProcess> {
  const { ports } = opts;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(ports.http),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      EMBEDDED_MONGO_PORT: String(ports.mongo),
      PAYMENT_SANDBOX_PORT: String(ports.sandboxes),
      // The supplier sandboxes on free ports: two marketplaces never fight over 8310.
      SUPPLIER_SANDBOX_PORT: '0',
      FIREBASE_AUTH_EMULATOR_HOST: opts.emulatorHost,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      FAILPOINTS: '',
      ...opts.env,
    },
    // Its log (warnings and errors, on stdout) and stderr, for a failure's message.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const ended = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  // After the exit, once its pipes are drained (the last lines are written as it exits; a
  // child of its own holding a pipe could keep it open: a second at most then).
  const closed = new Promise((resolve) => child.once('close', resolve));
  let over = false;
  void ended.then(() => (over = true));
  const url = `http://127.0.0.1:${ports.http}`;
  const proc: MarketplaceProcess = {
    url,
    mongoUri: `mongodb://127.0.0.1:${ports.mongo}/?directConnection=true`,
    child,
    ended,
    dead: () => over,
    output: () => output,
    async kill() {
      if (!over) child.kill('SIGKILL');
      await ended;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (over) {
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
      if (output.includes('EADDRINUSE')) throw new PortTaken(output);
      throw new Error(`the marketplace exited while starting:\n${output}`);
    }
    // With a deadline: whatever holds the port may accept and never answer.
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  await proc.kill();
  throw new Error(`the marketplace did not become healthy:\n${output}`);
}

/** A seller and a buyer signed up (Auth emulator) in a marketplace process's database. */
export async function sellerAndBuyer(db: Db, emulatorHost: string, prefix: string) {
  const identity = createIdentity(loadConfig({ NODE_ENV: 'test' }), emulatorHost);
  const stack = { db, identity, emulatorHost };
  try {
    const [seller, buyer] = await Promise.all([
      createAccount(stack, 'seller', `${prefix}-seller`),
      createAccount(stack, 'user', `${prefix}-buyer`),
    ]);
    return { seller, buyer };
  } finally {
    await identity.close();
  }
}

/** Calls a marketplace process's API with a Bearer token; throws on any answer but 2xx. */
export const apiCaller =
  (url: string) =>
  async (token: string, method: string, p: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(url + p, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
