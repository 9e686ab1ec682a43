import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookDeliverySchema, WebhookEndpointCreatedSchema } from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { createWebhookDelivery } from '../src/modules/seller-api/webhook-delivery.ts';
import { DELIVERY_ERRORS } from '../src/modules/seller-api/webhook-errors.ts';
import {
  addressPolicy,
  checkWebhookUrl,
  isPublicAddress,
  resolveEndpoint,
  type AddressPolicy,
} from '../src/modules/seller-api/webhook-url.ts';
import { createWebhookRepository } from '../src/modules/seller-api/webhooks.repository.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Webhooks call what was checked, and tell the seller nothing of our network (issue 22, item 5):
 * the host is resolved once and the connection pinned to the checked address (no second lookup
 * for a rebinding DNS to answer), every special-purpose range of the IANA registries is refused
 * (ipaddr.js's list), and `lastError` is a reason in general terms, the detail in the log.
 * The tests receive on loopback: an address policy stands in for the public internet, and the
 * deployed policy (`allowPrivateUrls: false`) is shown refusing loopback itself.
 */
let t: TestServer;
let seller: TestAccount;
beforeAll(async () => {
  t = await startTestServer();
  seller = await t.account('seller');
});
afterAll(() => t.close());

type Hit = { host: string | undefined; path: string | undefined };
async function receiver(address: string, port = 0) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ host: req.headers.host, path: req.url });
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  return {
    hits,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Two receivers on one port: 127.0.0.1 plays a public address, 127.0.0.2 a private one. */
async function twoReceivers() {
  for (let tries = 0; ; tries++) {
    const outside = await receiver('127.0.0.1');
    try {
      return { outside, inside: await receiver('127.0.0.2', outside.port) };
    } catch (err) {
      await outside.close();
      if (tries > 5) throw err;
    }
  }
}

/** Log lines as a collector would read them. */
function capturedLog() {
  const lines: string[] = [];
  return {
    log: createLogger('info', { destination: { write: (l: string) => lines.push(l) } }),
    lines,
  };
}

const register = async (url: string) => {
  const res = await t.call('POST', '/api/seller/webhooks', {
    token: seller.token,
    body: { url, events: ['sale'] },
  });
  expect(res.status).toBe(201);
  return WebhookEndpointCreatedSchema.parse(await res.json());
};

let n = 0;
/** An event for the seller's listening endpoints, and the deliveries it recorded. */
async function event() {
  await t.container.sellerApi.webhooks.emit(seller.sellerId!, 'sale', `evt-${n++}`, { n });
}

const deliveries = async () => {
  const res = await t.call('GET', '/api/seller/webhook-deliveries', { token: seller.token });
  return WebhookDeliverySchema.array().parse(await res.json());
};

/** A delivery run of its own, with this test's address policy and log. */
const deliveryWith = (addresses: AddressPolicy | undefined, log = capturedLog().log) =>
  createWebhookDelivery({
    webhooks: createWebhookRepository(t.db),
    vault: t.vault,
    allowPrivateUrls: false,
    log,
    ...(addresses && { addresses }),
  });

// Each test starts with no endpoint and nothing pending.
beforeEach(async () => {
  await t.db.collection('webhookEndpoints').deleteMany({});
  await t.db.collection('webhookDeliveries').deleteMany({});
});

describe('a delivery connects to the address it checked', () => {
  it('never to a second lookup’s answer (DNS rebinding), keeping the name in Host', async () => {
    const { outside, inside } = await twoReceivers();
    try {
      await register(`http://hooks.rebind.test:${outside.port}/hook`);
      await event();
      let lookups = 0;
      // First answer public, every later one private: what a rebinding DNS server does.
      const rebinding: AddressPolicy = {
        resolve: () => {
          lookups++;
          return Promise.resolve([
            { address: lookups === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 },
          ]);
        },
        allowed: (address) => address === '127.0.0.1',
      };
      expect(await deliveryWith(rebinding).deliverDue()).toBe(1);

      expect(inside.hits).toEqual([]);
      expect(outside.hits).toEqual([{ host: `hooks.rebind.test:${outside.port}`, path: '/hook' }]);
      expect(lookups).toBe(1);
      expect((await deliveries())[0]).toMatchObject({ status: 'delivered', lastError: null });
    } finally {
      await Promise.all([outside.close(), inside.close()]);
    }
  });

  it('refuses a name with any non-public address, and connects to none', async () => {
    const { outside, inside } = await twoReceivers();
    try {
      await register(`http://hooks.mixed.test:${outside.port}/hook`);
      await event();
      const { log, lines } = capturedLog();
      const mixed: AddressPolicy = {
        resolve: () =>
          Promise.resolve([
            { address: '127.0.0.1', family: 4 },
            { address: '127.0.0.2', family: 4 },
          ]),
        allowed: (address) => address === '127.0.0.1',
      };
      await deliveryWith(mixed, log).deliverDue();
      expect([...outside.hits, ...inside.hits]).toEqual([]);
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'pending', lastError: DELIVERY_ERRORS.notPublic });
      expect(delivery!.lastError).not.toContain('127.0.0.2');
      expect(lines.join('')).toContain('127.0.0.2');
    } finally {
      await Promise.all([outside.close(), inside.close()]);
    }
  });

  it('refuses loopback under the deployed policy (the tests’ escape hatch is offline only)', async () => {
    const local = await receiver('127.0.0.1');
    try {
      await register(`http://127.0.0.1:${local.port}/hook`);
      await event();
      await deliveryWith(undefined).deliverDue();
      expect(local.hits).toEqual([]);
      expect((await deliveries())[0]?.lastError).toBe(DELIVERY_ERRORS.notPublic);
      expect(addressPolicy(false).allowed('127.0.0.1')).toBe(false);
      expect(addressPolicy(true).allowed('127.0.0.1')).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('lastError', () => {
  it('gives the seller a reason in general terms and the log the network error', async () => {
    const closed = await receiver('127.0.0.1');
    await closed.close(); // nothing listens there now: the connection is refused
    await register(`http://127.0.0.1:${closed.port}/hook`);
    await event();
    const { log, lines } = capturedLog();
    await deliveryWith(addressPolicy(true), log).deliverDue();

    const [delivery] = await deliveries();
    expect(delivery!.lastError).toBe(DELIVERY_ERRORS.notReached);
    const shown = JSON.stringify(delivery);
    for (const leak of ['ECONNREFUSED', String(closed.port), 'connect ']) {
      expect(shown).not.toContain(leak);
    }
    expect(lines.join('')).toContain('ECONNREFUSED');
    // Nor does the stored attempt log keep the raw error.
    const stored = await t.db.collection('webhookDeliveries').findOne({});
    expect(JSON.stringify(stored)).not.toContain('ECONNREFUSED');
  });

  it('shows a raw error an older version stored as a general reason too', async () => {
    const endpoint = await register('http://127.0.0.1:9/hook');
    await event();
    await t.db
      .collection('webhookDeliveries')
      .updateOne(
        { endpointId: new ObjectId(endpoint.id) },
        { $set: { lastError: 'connect ECONNREFUSED 10.0.0.5:6379' } },
      );
    expect((await deliveries())[0]?.lastError).toBe(DELIVERY_ERRORS.notReached);
  });
});

describe('public addresses', () => {
  it('are only what the IANA registries leave unicast (ipaddr.js)', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      // The ranges the review named: NAT64, 6to4, IPv4-compatible (::/96).
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      '2002:a00:1::1',
      '::a00:1',
      '::1.2.3.4',
      // IPv4-mapped, loopback, unspecified, ULA, link-local, site-local, discard, Teredo,
      // documentation, benchmarking, multicast.
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'fec0::1',
      '100::1',
      '2001::1',
      '2001:db8::1',
      '2001:2::1',
      'ff02::1',
      '3fff::1',
      // IPv4: this network, private, CGNAT, loopback, link-local, IETF protocol assignments,
      // documentation, benchmarking, 6to4 relay, multicast, reserved, broadcast.
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '192.0.0.8',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
      '192.88.99.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      // Not an address at all.
      'example.com',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('are required of a literal host when deployed, and of every address a name has', async () => {
    for (const url of [
      'https://[64:ff9b::a00:1]/hook',
      'https://[2002:a00:1::1]/hook',
      'https://[::a00:1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://198.18.0.1/hook',
      'https://0x7f.1/hook',
    ]) {
      expect(() => checkWebhookUrl(url, false), url).toThrow();
      expect(() => checkWebhookUrl(url, true), url).not.toThrow();
    }
    expect(() => checkWebhookUrl('https://[2606:4700:4700::1111]/hook', false)).not.toThrow();

    const deployed = (addresses: string[]): AddressPolicy => ({
      resolve: () => Promise.resolve(addresses.map((address) => ({ address, family: 0 }))),
      allowed: isPublicAddress,
    });
    expect(await resolveEndpoint('https://a.example/x', deployed(['8.8.8.8']))).toEqual({
      target: { address: '8.8.8.8', family: 0 },
    });
    expect(
      await resolveEndpoint('https://a.example/x', deployed(['8.8.8.8', '64:ff9b::a00:1'])),
    ).toMatchObject({ refused: DELIVERY_ERRORS.notPublic });
    expect(await resolveEndpoint('https://a.example/x', deployed([]))).toMatchObject({
      refused: DELIVERY_ERRORS.unresolved,
    });
  });
});
