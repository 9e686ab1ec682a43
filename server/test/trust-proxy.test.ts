import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * TRUST_PROXY as a hop count or as address ranges (proxy-addr), seen where a visitor meets it:
 * the per-address limit on page views (2 a minute here) counts the address TRUST_PROXY names.
 */

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function serverWith(trustProxy: string) {
  const t = await startTestServer({
    env: { TRUST_PROXY: trustProxy, RATE_LIMITS: 'pageView=2/60' },
  });
  servers.push(t);
  return t;
}

/** Three page views with these X-Forwarded-For headers: the statuses. */
async function views(t: TestServer, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${t.url}/api/public/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
      body: JSON.stringify({ type: 'page_view', path: '/', locale: 'en' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('as a hop count, is the entry that many proxies back: what the client wrote before it does not count', async () => {
    const t = await serverWith('2');
    // A CDN appended the client (198.51.100.7), the load balancer appended the CDN (10.0.0.i).
    expect(await views(t, (i) => `203.0.113.${i}, 198.51.100.7, 10.0.0.${i}`)).toEqual([
      204, 204, 429,
    ]);
    // Another client behind the same CDN is counted on its own.
    expect(await views(t, (i) => `198.51.100.${20 + i}, 10.0.0.1`)).toEqual([204, 204, 204]);
  });

  it('as ranges, trusts X-Forwarded-For from a proxy inside them', async () => {
    const t = await serverWith('loopback,10.0.0.0/8');
    expect(await views(t, (i) => `198.51.100.${30 + i}`)).toEqual([204, 204, 204]);
    // Walking back through trusted proxies to the first address outside the ranges.
    expect(await views(t, (i) => `203.0.113.${i}, 198.51.100.40, 10.1.2.${i}`)).toEqual([
      204, 204, 429,
    ]);
  });

  it('as ranges that leave out the proxy, ignores X-Forwarded-For (the socket address counts)', async () => {
    const t = await serverWith('10.0.0.0/8');
    expect(await views(t, (i) => `198.51.100.${50 + i}`)).toEqual([204, 204, 429]);
  });

  it('keeps true meaning one proxy and false meaning none', async () => {
    const one = await serverWith('true');
    expect(await views(one, (i) => `203.0.113.${i}, 198.51.100.60`)).toEqual([204, 204, 429]);
    expect(await views(one, (i) => `198.51.100.${70 + i}`)).toEqual([204, 204, 204]);
    const none = await serverWith('false');
    expect(await views(none, (i) => `198.51.100.${80 + i}`)).toEqual([204, 204, 429]);
  });

  it('refuses to start on an address it cannot read', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopbak' })).toThrow(/TRUST_PROXY/);
  });
});
