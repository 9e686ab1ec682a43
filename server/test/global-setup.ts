import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../src/identity/auth-emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** One Firebase Auth emulator for the whole server suite (it takes ~8 s to start). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-auth-'));
  const emulator = await startAuthEmulator({
    port: Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9399),
    projectId: 'demo-marketplace',
    dir,
    persist: false,
    log: pino({ level: 'warn' }),
  });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
