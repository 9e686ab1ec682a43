import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../logger.ts';

export type AuthEmulator = { host: string; stop(): Promise<void> };

type Options = {
  port: number;
  projectId: string;
  /** Where its config, pid file and (when `persist`) exported accounts live. */
  dir: string;
  /** Import accounts on start and export them on stop. */
  persist: boolean;
  log: Logger;
};

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An emulator left behind by a killed server would hold the port: stop it first. */
async function stopLeftover(pidFile: string, log: Logger): Promise<void> {
  const pid = Number(fs.readFileSync(pidFile, { encoding: 'utf8', flag: 'a+' }));
  if (!pid || !isAlive(pid)) return;
  log.warn({ pid }, 'stopping an Auth emulator left by an earlier run');
  process.kill(-pid, 'SIGINT');
  for (let waited = 0; waited < STOP_TIMEOUT_MS && isAlive(pid); waited += 200) {
    await new Promise((r) => setTimeout(r, 200));
  }
  if (isAlive(pid)) process.kill(-pid, 'SIGKILL');
}

async function waitUntilReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Auth emulator exited (${child.exitCode}):\n${output.join('')}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Auth emulator not ready after ${READY_TIMEOUT_MS} ms:\n${output.join('')}`);
}

/**
 * Starts the Firebase Auth emulator (firebase-tools) as a child process in its own process
 * group, so a Ctrl-C in the terminal reaches only the server, which then stops it exactly
 * once (a second SIGINT would make firebase-tools skip the export of accounts).
 */
export async function startAuthEmulator(opts: Options): Promise<AuthEmulator> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const pidFile = path.join(opts.dir, 'emulator.pid');
  await stopLeftover(pidFile, opts.log);

  const exportDir = path.join(opts.dir, 'export');
  const configFile = path.join(opts.dir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        // The hub and logging ports default to 4400/4500; derive them so instances can coexist.
        hub: { host: '127.0.0.1', port: opts.port + 1 },
        logging: { host: '127.0.0.1', port: opts.port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [firebaseCli(), 'emulators:start', '--only', 'auth'];
  args.push('--project', opts.projectId, '--config', configFile);
  if (opts.persist) {
    if (fs.existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) {
      args.push('--import', exportDir);
    }
    args.push('--export-on-exit', exportDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: opts.dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', CI: 'true' },
  });
  fs.writeFileSync(pidFile, String(child.pid));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 60) output.shift();
    opts.log.debug({ emulator: chunk.toString().trimEnd() }, 'auth emulator');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const host = `127.0.0.1:${opts.port}`;
  try {
    await waitUntilReady(`http://${host}/`, child, output);
  } catch (err) {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    throw err;
  }
  opts.log.info({ host }, 'Firebase Auth emulator ready');

  return {
    host,
    async stop() {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGINT');
        const timer = setTimeout(
          () => child.pid && process.kill(-child.pid, 'SIGKILL'),
          STOP_TIMEOUT_MS,
        );
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(pidFile, { force: true });
    },
  };
}
