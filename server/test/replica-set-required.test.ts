import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '@market/embedded-mongo';
import { REPO_ROOT } from '../src/config.ts';
import { PRODUCTION_ENV } from './deployment-env.ts';

/*
 * Several instances keep their caches in step through change streams, which a standalone
 * MongoDB server does not have: production refuses to start on one (a one-node replica set is
 * fine). The embedded engine answers `hello` as a standalone server does.
 */
const MAIN = path.join(REPO_ROOT, 'server/src/main.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-standalone-'));
let standalone: EmbeddedMongo;

beforeAll(async () => {
  standalone = await startEmbeddedMongo({ port: 0, dataDir: path.join(dir, 'mongo') });
});
afterAll(async () => {
  await standalone.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it(
  'refuses a production start on a standalone MongoDB server, saying why',
  { timeout: 40_000 },
  async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...PRODUCTION_ENV,
        MONGODB_URI: standalone.uri,
        DATA_DIR: path.join(dir, 'data'),
        PORT: '0',
        PATH: process.env.PATH ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Were it to start after all, it would not be left running.
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(kill);

    expect(code).not.toBe(0);
    expect(output).toContain('standalone MongoDB server');
    expect(output).toContain('one-node replica set is fine');
    expect(output).not.toMatch(/marketplace ready/i);
  },
);
