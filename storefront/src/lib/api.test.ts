import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicState } from '@market/shared';
import { ApiCallError } from './api-client.ts';
import { getPublicState } from './api.ts';

const state: PublicState = {
  reviews: [],
  stats: { products: 3, sellers: 1, offers: 2 },
  tags: [{ tag: 'action', name: 'Azione', count: 2 }],
  payments: ['paypal'],
  platforms: [],
  home: { featured: [], banners: [], bestsellers: [], newArrivals: [], priceDrops: [] },
  categories: [],
  macrocategories: [],
};

// A stand-in API on a real socket: the loader's own fetch, URL and error handling are under test.
let server: Server;
let answer: (req: IncomingMessage) => { status: number; body: unknown };
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const { status, body } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  delete process.env.API_ORIGIN;
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getPublicState', () => {
  it('gets the state in the locale asked', async () => {
    answer = () => ({ status: 200, body: state });
    await expect(getPublicState('it')).resolves.toEqual(state);
    expect(seen.at(-1)).toBe('GET /api/public/state?locale=it');
  });

  it('throws when the API fails, so the page renders the error page', async () => {
    answer = () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'Something went wrong', requestId: 'r1' },
    });
    const error = await getPublicState('en').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 500 });
  });

  it('refuses an answer that is not the state', async () => {
    answer = () => ({ status: 200, body: { home: {} } });
    await expect(getPublicState('en')).rejects.toThrow();
  });
});
