import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  freePort,
  freePorts,
  startMarketplace,
  type MarketplaceProcess,
} from './marketplace-process.ts';

/*
 * main.ts as `npm start` runs it: SIGTERM's drain as a load balancer sees it, and cluster mode
 * (INSTANCES=2: two web processes on the one port, one worker on its own, one embedded engine).
 */

const dirs: string[] = [];
const procs: MarketplaceProcess[] = [];
afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-cluster-'));
  dirs.push(dir);
  return dir;
};

type Ready = { status: string; role: string; instance: string };
const ready = async (url: string) => {
  // A fresh connection each time, so node:cluster hands each to the next web process.
  const res = await fetch(`${url}/api/ready`, { headers: { connection: 'close' } });
  return { status: res.status, body: (await res.json()) as Ready };
};
const waitReady = async (url: string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await ready(url).catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became ready`);
};

describe('SIGTERM', () => {
  it('turns ready to 503 at once, serves a keep-alive client through the grace period without a failure, then exits 0', async () => {
    const proc = await startMarketplace({
      ports: await freePorts(),
      dataDir: tempDir(),
      emulatorHost: inject('authEmulatorHost'),
      env: { SHUTDOWN_GRACE_SECONDS: '2' },
    });
    procs.push(proc);
    await waitReady(proc.url);
    const agent = new Agent({ keepAliveTimeout: 30_000 });
    const failures: unknown[] = [];
    let answered = 0;
    let running = true;
    const client = (async () => {
      while (running) {
        try {
          const res = await request(`${proc.url}/api/health`, { dispatcher: agent });
          await res.body.dump();
          if (res.statusCode === 200) answered++;
          else failures.push(res.statusCode);
        } catch (err) {
          failures.push(err);
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    proc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(await ready(proc.url)).toMatchObject({ status: 503, body: { status: 'draining' } });
    // The balancer has taken the instance out of rotation well within the grace period.
    await new Promise((r) => setTimeout(r, 1_300));
    running = false;
    await client;
    await agent.close();
    expect(failures).toEqual([]);
    // Served all along the grace period (a loaded machine answers fewer, never none).
    expect(answered).toBeGreaterThan(5);
    expect(await proc.ended).toBeNull();
    expect(proc.child.exitCode).toBe(0);
    // It stopped after the grace period, not before.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
  }, 90_000);
});

describe('cluster mode (INSTANCES=2)', () => {
  it('answers from two web processes on one port, runs the jobs in the worker alone, and stops on SIGTERM', async () => {
    const ports = await freePorts();
    const workerPort = await freePort();
    const proc = await startMarketplace({
      ports,
      dataDir: tempDir(),
      emulatorHost: inject('authEmulatorHost'),
      env: {
        INSTANCES: '2',
        WORKER_PORT: String(workerPort),
        // Jobs every second, so a few seconds show who runs them.
        ORDER_EXPIRY_INTERVAL_SECONDS: '1',
        WEBHOOK_INTERVAL_SECONDS: '1',
      },
    });
    procs.push(proc);
    await waitReady(proc.url);
    const worker = `http://127.0.0.1:${workerPort}`;
    const web = new Map<string, Ready>();
    const deadline = Date.now() + 30_000;
    while (web.size < 2 && Date.now() < deadline) {
      const { status, body } = await ready(proc.url);
      if (status === 200) web.set(body.instance, body);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(web.size).toBe(2);
    expect([...web.values()].map((b) => b.role)).toEqual(['web', 'web']);
    // Every web process answers the API; the storefront's data comes from them.
    const categories = await fetch(`${proc.url}/api/public/categories/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(categories.status).toBe(200);

    // The worker: health, readiness, no route of the shop.
    const w = await ready(worker);
    expect(w).toMatchObject({ status: 200, body: { role: 'worker' } });
    expect((await fetch(`${worker}/api/health`)).status).toBe(200);
    const refused = await fetch(`${worker}/api/public/categories/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(refused.status).toBe(404);

    // The jobs ran, and only in the worker.
    const client = await new MongoClient(proc.mongoUri).connect();
    try {
      const jobs = client.db('marketplace').collection<{ _id: string; lastOwner: string }>('jobs');
      const until = Date.now() + 20_000;
      let rows = await jobs.find().toArray();
      while (rows.length < 2 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        rows = await jobs.find().toArray();
      }
      expect(rows.map((r) => r._id)).toEqual(
        expect.arrayContaining(['order-expiry', 'webhook-delivery']),
      );
      expect(new Set(rows.map((r) => r.lastOwner))).toEqual(new Set([w.body.instance]));
    } finally {
      await client.close();
    }

    proc.child.kill('SIGTERM');
    expect(await proc.ended).toBeNull();
    expect(proc.child.exitCode).toBe(0);
    await expect(fetch(`${proc.url}/api/health`)).rejects.toThrow();
  }, 120_000);
});
