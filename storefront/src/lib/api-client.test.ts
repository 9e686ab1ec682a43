import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, MeSchema, type Cart } from '@market/shared';
import { ApiCallError, callApi, callApiWithHeaders, NoAnswer } from './api-client.ts';

// A stand-in API on a real socket: the client's own fetch, headers, parsing and errors are under test.
let server: Server;
let origin: string;
let answer: (
  req: IncomingMessage,
  body: string,
) => {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const reply = answer(req, body);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cart: Cart = {
  id: 'u1',
  products: [],
  quantityTotal: 0,
  lastUpdate: '2026-11-25T10:00:00.000Z',
  recentItem: null,
  addedFromCartPage: false,
};

describe('callApi', () => {
  it('posts the body as JSON with the ID token, and answers the parsed body', async () => {
    let seen: { method?: string; url?: string; auth?: string; type?: string; body?: string } = {};
    answer = (req, body) => {
      seen = {
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      };
      return { status: 200, body: { ...cart, notInTheSchema: true } };
    };
    const got = await callApi('cart/addToCart', CartSchema, {
      origin,
      body: { products: [] },
      idToken: 'token-1',
    });
    expect(got).toEqual(cart);
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/cart/addToCart',
      auth: 'Bearer token-1',
      type: 'application/json',
      body: '{"products":[]}',
    });
  });

  it('gets without a body, and gives the headers to who asks', async () => {
    answer = (req) => ({
      status: 200,
      body: req.method === 'GET' ? [] : null,
      headers: { 'content-range': 'orders 0-9/42' },
    });
    const { data, headers } = await callApiWithHeaders('user/orders', CartSchema.array(), {
      origin,
    });
    expect(data).toEqual([]);
    expect(headers.get('content-range')).toBe('orders 0-9/42');
  });

  it('refuses an answer that is not the schema’s shape instead of passing it on', async () => {
    answer = () => ({ status: 200, body: { uid: 42 } });
    const error = await callApi('me', MeSchema, { origin }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 200, message: 'API me answered an unexpected body' });
  });

  it('carries the API’s error body: code, field errors, provider code', async () => {
    answer = () => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        errors: { 'user.email': 'Not a valid email address' },
        providerCode: 'auth/invalid-email',
      },
    });
    const error = await callApi('user/profile/add', NoAnswer, { origin, body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'ApiCallError',
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: { 'user.email': 'Not a valid email address' },
      providerCode: 'auth/invalid-email',
    });
  });

  it('fails with the text it was given, status 0, when the network fails', async () => {
    const error = await callApi('cart/get', CartSchema, {
      origin: 'http://127.0.0.1:1',
      failure: 'Failed to fetch cart',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 0, message: 'Failed to fetch cart' });
  });

  it('takes a 204 when the answer is not read', async () => {
    answer = () => ({ status: 204 });
    await expect(
      callApi('user/favorites/delete', NoAnswer, { origin, body: {} }),
    ).resolves.toBeUndefined();
  });
});
