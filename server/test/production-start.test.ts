import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const MAIN = path.join(REPO_ROOT, 'server/src/main.ts');

it('refuses to start in production on offline defaults: names them, creates and serves nothing', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'market-prod-')), 'data');
  // Nothing but NODE_ENV (and where data would go, to see that nothing is written there).
  const child = spawn(process.execPath, [MAIN], {
    env: { NODE_ENV: 'production', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

  expect(code).toBe(78);
  for (const name of [
    'FIREBASE_SERVICE_ACCOUNT',
    'FIREBASE_PROJECT_ID',
    'MONGODB_URI',
    'KEY_ENCRYPTION_KEY',
    'PUBLIC_ORIGIN',
    'RECAPTCHA_SECRET',
    'SMTP_URL',
    'PAYPAL_CLIENT_ID',
    'CHECKOUT_SECRET_KEY',
  ]) {
    expect(output).toContain(`  ${name}: `);
  }
  // No emulator, no embedded engine, no generated key: the data directory is never made.
  expect(output).not.toMatch(/emulator ready|marketplace ready/i);
  expect(fs.existsSync(dataDir)).toBe(false);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});
