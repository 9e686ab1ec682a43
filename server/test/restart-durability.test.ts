import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-restart-'));
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server exactly as `npm start` does, on throwaway ports and DATA_DIR. */
async function startMarketplace(port: number, mongoPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_MONGO_PORT: String(mongoPort),
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  children.push(child);
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the marketplace process', () => {
  it('keeps every acknowledged write across a SIGKILL and restart, and stops cleanly on SIGTERM', async () => {
    const [port, mongoPort] = [await freePort(), await freePort()];
    const first = await startMarketplace(port, mongoPort);
    const client = await new MongoClient(`mongodb://127.0.0.1:${mongoPort}`, {
      directConnection: true,
    }).connect();
    const orders = client
      .db('marketplace')
      .collection<{ _id: number; paid: boolean }>('restart_probe');
    await orders.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: i, paid: false })));
    await orders.updateMany({ _id: { $lt: 50 } }, { $set: { paid: true } });
    await orders.deleteOne({ _id: 199 });
    await client.close(true);

    first.kill('SIGKILL');
    await exited(first);

    const second = await startMarketplace(port, mongoPort);
    const again = await new MongoClient(`mongodb://127.0.0.1:${mongoPort}`, {
      directConnection: true,
    }).connect();
    const probe = again.db('marketplace').collection('restart_probe');
    expect(await probe.countDocuments()).toBe(199);
    expect(await probe.countDocuments({ paid: true })).toBe(50);
    const categories = await fetch(`http://127.0.0.1:${port}/api/public/categories/get-public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"locale":"en"}',
    });
    expect(((await categories.json()) as unknown[]).length).toBe(4);
    await again.close(true);

    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);
  }, 60_000);
});
