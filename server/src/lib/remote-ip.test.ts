import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { clientCountry, parseTrustProxy, resolveRemoteIp } from './remote-ip.ts';

const servers: ServerType[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** A server answering the client country it settled, trusting `trustProxy`. */
async function serverTrusting(trustProxy: string): Promise<string> {
  const app = new Hono<AppEnv>()
    .use(resolveRemoteIp(parseTrustProxy(trustProxy), 'cf-ipcountry'))
    .get('/', (c) => c.text(clientCountry(c) ?? 'none'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise((ready) => server.once('listening', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const countryFrom = async (url: string, header: string) =>
  (await fetch(url, { headers: { 'cf-ipcountry': header } })).text();

describe('the client country header', () => {
  it('counts when the peer is a trusted proxy: a country, in capitals', async () => {
    const url = await serverTrusting('loopback');
    expect(await countryFrom(url, 'fr')).toBe('FR');
    // Cloudflare's "unknown" and "Tor" codes, and anything else, name no country.
    for (const code of ['XX', 'T1', 'France', ''])
      expect(await countryFrom(url, code)).toBe('none');
  });

  it('is ignored from a peer that is not a trusted proxy: anyone could send it', async () => {
    expect(await countryFrom(await serverTrusting('10.0.0.0/8'), 'FR')).toBe('none');
  });
});
