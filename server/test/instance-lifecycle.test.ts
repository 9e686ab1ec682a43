import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { MongoClient } from 'mongodb';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createHttpServer } from '../src/http-server.ts';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { createLogger } from '../src/logger.ts';
import { drainHttpServer } from '../src/runtime/http-lifecycle.ts';
import { createLifecycle, type Lifecycle } from '../src/runtime/lifecycle.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * Readiness and drain on the real HTTP server main.ts builds (the app, the storefront's router,
 * `/api/ready` in front), as a load balancer sees them: probes, a client that keeps sending
 * while the instance drains, a request still arriving when it stops accepting.
 */

const log = createLogger('silent');
let t: TestServer;
const servers: http.Server[] = [];
const lifecycles: Lifecycle[] = [];

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const l of lifecycles) l.close();
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await t.close();
});

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
};

/** The app on a real HTTP server of its own whose readiness pings `ping`. */
async function serve(ping: () => Promise<unknown>) {
  const lifecycle = createLifecycle({ ping, everyMs: 100, timeoutMs: 500, log });
  lifecycles.push(lifecycle);
  const { deps } = t.container;
  const server = await createHttpServer(createApp(t.container).fetch, log, {
    ...deps,
    headers: securityHeaders({ production: false, clientConfig: deps.clientConfig }),
    storefront: false,
    identity: 'emulator',
    lifecycle: { lifecycle, instance: 'test-instance', role: 'all' },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ready = async () => {
    const res = await fetch(`${url}/api/ready`);
    return { status: res.status, body: (await res.json()) as { status: string; role: string } };
  };
  return { lifecycle, server, url, ready };
}

describe('GET /api/ready', () => {
  it('answers 503 while the instance starts, 200 once it takes traffic; health is 200 all along', async () => {
    const s = await serve(() => t.db.command({ ping: 1 }));
    expect(await s.ready()).toEqual({
      status: 503,
      body: { status: 'starting', role: 'all', instance: 'test-instance' },
    });
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    s.lifecycle.markReady();
    await waitFor(async () => (await s.ready()).status === 200);
    expect((await s.ready()).body.status).toBe('ready');
    const res = await fetch(`${s.url}/api/ready`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 while the database does not answer, and 200 again when it does', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-ready-'));
    let engine = await startEmbeddedMongo({ port: 0, dataDir });
    const { port } = new URL(engine.uri);
    const client = await new MongoClient(engine.uri, {
      directConnection: true,
      serverSelectionTimeoutMS: 300,
    }).connect();
    try {
      const s = await serve(() => client.db('x').command({ ping: 1 }));
      s.lifecycle.markReady();
      await waitFor(async () => (await s.ready()).status === 200);
      await engine.close();
      await waitFor(async () => (await s.ready()).status === 503);
      expect((await s.ready()).body.status).toBe('database');
      expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
      engine = await startEmbeddedMongo({ port: Number(port), dataDir });
      await waitFor(async () => (await s.ready()).status === 200, 20_000);
    } finally {
      await client.close();
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('draining', () => {
  it('keeps answering a keep-alive client while draining, each answer closing its connection', async () => {
    const s = await serve(() => t.db.command({ ping: 1 }));
    s.lifecycle.markReady();
    await waitFor(async () => (await s.ready()).status === 200);
    const agent = new Agent({ keepAliveTimeout: 30_000, pipelining: 1 });
    const failures: unknown[] = [];
    const statuses = new Map<number, number>();
    let closes = 0;
    let running = true;
    const client = (async () => {
      while (running) {
        try {
          const res = await request(`${s.url}/api/health`, { dispatcher: agent });
          await res.body.dump();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.headers.connection === 'close') closes++;
        } catch (err) {
          failures.push(err);
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    // SIGTERM's first step: not ready, still serving (the grace period).
    s.lifecycle.startDraining();
    expect(await s.ready()).toMatchObject({ status: 503, body: { status: 'draining' } });
    await new Promise((r) => setTimeout(r, 700));
    running = false;
    await client;
    await agent.close();
    expect(failures).toEqual([]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    expect(closes).toBeGreaterThan(0);
  });

  it('lets a request in flight finish after the server stops accepting, then refuses new connections', async () => {
    const s = await serve(() => t.db.command({ ping: 1 }));
    s.lifecycle.markReady();
    const body = JSON.stringify({ type: 'page_view', path: '/', locale: 'en' });
    const { port } = new URL(s.url);
    const answered = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/public/events',
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode!, connection: res.headers.connection }),
            );
          },
        );
        req.on('error', reject);
        // Half the body now, the rest once the drain has begun.
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 500);
      },
    );
    await new Promise((r) => setTimeout(r, 100));
    s.lifecycle.startDraining();
    const drained = drainHttpServer(s.server, 5_000);
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
    expect(await answered).toEqual({ status: 204, connection: 'close' });
    expect(await drained).toBe(true);
  });
});
