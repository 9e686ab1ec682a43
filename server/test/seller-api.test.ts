import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  ApiTokenCreatedSchema,
  ApiTokenSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointSchema,
  type WebhookDelivery,
} from '@market/shared';
import { checkWebhookUrl } from '../src/modules/seller-api/webhook-url.ts';
import { verifySignature } from '../src/modules/seller-api/webhook-signature.ts';
import { buyerWith, settledOrder, paidWithPaypal } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let admin: TestAccount;

/** A local HTTP receiver: records each POST, answers with the next queued status (else 200). */
type Received = { body: string; signature: string; eventId: string };
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  let always: number | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({
        body,
        signature: String(req.headers['market-signature']),
        eventId: String(req.headers['market-event-id']),
      });
      res.writeHead(always ?? statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The next answers, in order. */
    answer: (...codes: number[]) => statuses.push(...codes),
    answerAlways: (code: number | null) => (always = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  // Each buyer pays from an address of their own (velocity screening would hold the orders).
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  admin = await t.account('admin');
});
afterAll(() => t.close());

const createToken = async (seller: TestAccount, scopes: string[]) => {
  const res = await t.call('POST', '/api/seller/api-tokens', {
    token: seller.token,
    body: { name: 'Inventory sync', scopes },
  });
  expect(res.status).toBe(201);
  return ApiTokenCreatedSchema.parse(await res.json());
};

const withToken = (method: string, path: string, token: string, body?: unknown) =>
  t.call(method, path, { token, body });

/** A buyer's approved order of one key of a fresh offer of `seller` holding `stock` keys. */
async function sale(seller: TestAccount, stock = 2) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1500, usd: 1500, gbp: 1500 });
  await uploadKeys(t, seller, offer.id, freshCodes(stock));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  const orderId = await paidWithPaypal(t, buyer);
  const order = await settledOrder(t, buyer, orderId);
  expect(order.status).toBe('approved');
  return { buyer, order, offerId: offer.id };
}

const deliveriesOf = async (seller: TestAccount, filter: Record<string, string> = {}) => {
  const res = await t.call(
    'GET',
    `/api/seller/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    { token: seller.token },
  );
  expect(res.status).toBe(200);
  return WebhookDeliverySchema.array().parse(await res.json());
};

const register = async (seller: TestAccount, url: string, events: string[]) => {
  const res = await t.call('POST', '/api/seller/webhooks', {
    token: seller.token,
    body: { url, events },
  });
  expect(res.status).toBe(201);
  return WebhookEndpointCreatedSchema.parse(await res.json());
};

const deliverDue = (asOf?: Date) => t.container.sellerApi.delivery.deliverDue(asOf);
const LATER = () => new Date(Date.now() + 24 * 3_600_000);

describe('seller API tokens', () => {
  it('is shown once, listed without its secret, and acts as the seller within its scopes', async () => {
    const seller = await t.account('seller');
    const created = await createToken(seller, ['offers:read']);
    expect(created.token).toMatch(/^mkt_live_[\w-]{40,}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);

    const list = await t.call('GET', '/api/seller/api-tokens', { token: seller.token });
    const text = await list.text();
    expect(text).not.toContain(created.token);
    const [row] = ApiTokenSchema.array().parse(JSON.parse(text));
    expect(row).toMatchObject({ id: created.id, prefix: created.prefix, scopes: ['offers:read'] });
    expect(row).not.toHaveProperty('token');
    // Stored as a hash only.
    const stored = await t.db.collection('apiTokens').findOne({});
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const productId = await newProduct(t.db);
    const offer = await sell(t, seller, productId);
    const read = await withToken('GET', '/api/seller/offers', created.token);
    expect(read.status).toBe(200);
    expect(((await read.json()) as Array<{ id: string }>).map((o) => o.id)).toEqual([offer.id]);

    // Outside its scopes, outside the seller API, and on the token routes themselves: 403.
    for (const [method, path, body] of [
      ['POST', '/api/seller/offers', { productId, prices: { eur: 100 } }],
      ['GET', '/api/seller/sales', undefined],
      ['GET', '/api/seller/keys', undefined],
      ['GET', '/api/seller/api-tokens', undefined],
      ['POST', '/api/seller/webhooks', { url: 'http://127.0.0.1:9/x', events: ['sale'] }],
      ['GET', '/api/user/orders', undefined],
    ] as const) {
      const res = await withToken(method, path, created.token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // A public route still answers (as to a guest).
    expect((await withToken('GET', '/api/state', created.token)).status).not.toBe(403);

    // lastUsedAt is recorded (in the background).
    await expect
      .poll(async () => {
        const res = await t.call('GET', `/api/seller/api-tokens/${created.id}`, {
          token: seller.token,
        });
        return ApiTokenSchema.parse(await res.json()).lastUsedAt;
      })
      .not.toBeNull();
  });

  it('writes with a write scope, and is refused at once once revoked', async () => {
    const seller = await t.account('seller');
    const { token, id } = await createToken(seller, ['offers:read', 'offers:write']);
    const productId = await newProduct(t.db);
    const res = await withToken('POST', '/api/seller/offers', token, {
      productId,
      prices: { eur: 1234 },
    });
    expect(res.status).toBe(201);
    expect((await withToken('GET', '/api/seller/offers', token)).status).toBe(200);

    const revoked = await t.call('DELETE', `/api/seller/api-tokens/${id}`, {
      token: seller.token,
    });
    expect(revoked.status).toBe(200);
    expect(ApiTokenSchema.parse(await revoked.json()).revokedAt).not.toBeNull();
    const refused = await withToken('GET', '/api/seller/offers', token);
    expect(refused.status).toBe(401);
    expect(ApiErrorSchema.parse(await refused.json()).code).toBe('UNAUTHENTICATED');
    // Another seller cannot see or revoke it.
    const other = await t.account('seller');
    const foreign = await t.call('DELETE', `/api/seller/api-tokens/${id}`, { token: other.token });
    expect(foreign.status).toBe(404);
  });

  it('refuses an unknown token, and at once the token of a seller blocked since', async () => {
    expect((await withToken('GET', '/api/seller/offers', 'mkt_live_nothing')).status).toBe(401);
    const seller = await t.account('seller');
    const { token } = await createToken(seller, ['offers:read']);
    expect((await withToken('GET', '/api/seller/offers', token)).status).toBe(200);
    // Signing in once makes the profile the admin blocks.
    await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    const blocked = await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: seller.uid, blocked: true },
    });
    expect(blocked.status).toBe(200);
    const refused = await withToken('GET', '/api/seller/offers', token);
    expect(refused.status).toBe(403);
    expect(ApiErrorSchema.parse(await refused.json()).code).toBe('FORBIDDEN');
  });

  it('checks the scopes given', async () => {
    const seller = await t.account('seller');
    const res = await t.call('POST', '/api/seller/api-tokens', {
      token: seller.token,
      body: { name: 'x', scopes: ['offers:admin'] },
    });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty(['scopes.0']);
  });
});

describe('seller webhooks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('signs each event, retries after a 500 with the same event id, and logs the deliveries', async () => {
    const seller = await t.account('seller');
    const endpoint = await register(seller, receiver.url, ['sale', 'low_stock', 'refund']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await t.call('GET', '/api/seller/webhooks', { token: seller.token });
    expect(await listed.text()).not.toContain(endpoint.secret);
    const stored = await t.db.collection('webhookEndpoints').findOne({});
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret);

    receiver.received.length = 0;
    receiver.answer(500);
    const { order } = await sale(seller, 2);
    // The events are recorded before any attempt.
    const recorded = await deliveriesOf(seller);
    expect(recorded.map((d) => d.type).sort()).toEqual(['low_stock', 'sale']);
    expect(recorded.every((d) => d.status === 'pending')).toBe(true);

    expect(await deliverDue()).toBe(2);
    // One of the two answered 500: it waits its backoff, the other is delivered.
    const afterFirst = await deliveriesOf(seller);
    const failed = afterFirst.find((d) => d.status === 'pending')!;
    expect(failed).toMatchObject({ attempts: 1, lastStatusCode: 500 });
    expect(new Date(failed.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await deliverDue()).toBe(0);
    expect(await deliverDue(LATER())).toBe(1);
    const all = await deliveriesOf(seller);
    expect(all.every((d) => d.status === 'delivered')).toBe(true);

    // Three requests, each signed over its timestamp and raw body; the retry has the same id.
    expect(receiver.received).toHaveLength(3);
    for (const r of receiver.received) {
      expect(verifySignature(r.signature, endpoint.secret, r.body)).toBe(true);
      expect(verifySignature(r.signature, 'whsec_wrong', r.body)).toBe(false);
      expect((JSON.parse(r.body) as { id: string }).id).toBe(r.eventId);
    }
    expect(receiver.received.filter((r) => r.eventId === failed.eventId)).toHaveLength(2);
    const saleEvent = receiver.received
      .map((r) => JSON.parse(r.body) as WebhookDelivery['payload'])
      .find((p) => p.type === 'sale')!;
    expect(saleEvent).toMatchObject({
      type: 'sale',
      data: { orderNumber: order.number, currency: 'eur', totalCents: 1500 },
    });

    // A refund of the line is an event too.
    receiver.received.length = 0;
    const refund = await t.call('POST', `/api/admin/orders/${order.id}/refund`, {
      token: admin.token,
      body: { itemId: order.items[0]!.id, reason: 'The buyer changed their mind' },
    });
    expect(refund.status).toBeLessThan(300);
    await deliverDue();
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'refund',
    ]);
  });

  it('disables an endpoint after failures in a row; enabling and resending delivers again', async () => {
    const seller = await t.account('seller');
    const endpoint = await register(seller, receiver.url, ['sale']);
    receiver.answerAlways(500);
    try {
      await sale(seller, 10);
      for (let i = 0; i < 10; i++) await deliverDue(LATER());
    } finally {
      receiver.answerAlways(null);
    }
    const res = await t.call('GET', `/api/seller/webhooks/${endpoint.id}`, { token: seller.token });
    const after = WebhookEndpointSchema.parse(await res.json());
    expect(after).toMatchObject({ enabled: false, consecutiveFailures: 10 });
    expect(after.disabledReason).toMatch(/10 failed deliveries/);
    const [delivery] = await deliveriesOf(seller, { endpointId: endpoint.id });
    expect(delivery).toMatchObject({ status: 'failed', attempts: 10, lastStatusCode: 500 });

    const resend = () =>
      t.call('POST', `/api/seller/webhook-deliveries/${delivery!.id}/resend`, {
        token: seller.token,
      });
    expect((await resend()).status).toBe(409);
    const enabled = await t.call('PUT', `/api/seller/webhooks/${endpoint.id}`, {
      token: seller.token,
      body: { ...after, enabled: true },
    });
    expect(WebhookEndpointSchema.parse(await enabled.json())).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
    });
    expect((await resend()).status).toBe(200);
    await deliverDue();
    const [again] = await deliveriesOf(seller, { endpointId: endpoint.id });
    expect(again).toMatchObject({ status: 'delivered', eventId: delivery!.eventId });
  });

  it('records again a sale whose event a crash lost, once, for the endpoints that existed', async () => {
    const seller = await t.account('seller');
    const endpoint = await register(seller, receiver.url, ['sale']);
    await sale(seller, 10);
    const [recorded] = await deliveriesOf(seller);
    // As if the server had stopped between the order's approval and the event.
    await t.db.collection('webhookDeliveries').deleteMany({ sellerId: seller.sellerId });
    const later = await register(seller, receiver.url, ['sale']);

    const sweep = () => t.container.sellerApi.events.sweepSales(2 * 3_600_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    await sweep();
    const swept = await deliveriesOf(seller);
    expect(swept).toHaveLength(1);
    expect(swept[0]).toMatchObject({
      eventId: recorded!.eventId,
      endpointId: endpoint.id,
      status: 'pending',
    });
    expect(swept.some((d) => d.endpointId === later.id)).toBe(false);
    await deliverDue(); // nothing left pending for the next test's receiver
  });

  it('tells the seller of a claim', async () => {
    const seller = await t.account('seller');
    await register(seller, receiver.url, ['claim']);
    const { buyer, order } = await sale(seller, 5);
    const keyId = order.items[0]!.keys[0]!.id;
    const shown = await t.call('POST', `/api/user/orders/${order.id}/keys/${keyId}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(shown.status).toBe(200);
    const claim = await t.call('POST', `/api/user/orders/${order.id}/keys/${keyId}/claim`, {
      token: buyer.token,
      body: { reason: 'already_used', details: 'The platform says it was redeemed' },
    });
    expect(claim.status).toBe(201);
    receiver.received.length = 0;
    await deliverDue();
    expect(receiver.received.map((r) => JSON.parse(r.body) as { type: string })).toMatchObject([
      { type: 'claim', data: { orderNumber: order.number, reason: 'already_used' } },
    ]);
  });

  it('keeps a seller to ten endpoints', async () => {
    const seller = await t.account('seller');
    for (let i = 0; i < 10; i++) await register(seller, `${receiver.url}?n=${i}`, ['refund']);
    const res = await t.call('POST', '/api/seller/webhooks', {
      token: seller.token,
      body: { url: receiver.url, events: ['refund'] },
    });
    expect(res.status).toBe(409);
  });

  it('refuses loopback and private URLs when deployed, allows them offline', () => {
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
    ]) {
      expect(() => checkWebhookUrl(url, false), url).toThrow();
      expect(() => checkWebhookUrl(url, true), url).not.toThrow();
    }
    expect(() => checkWebhookUrl('https://hooks.example.com/x', false)).not.toThrow();
  });
});
