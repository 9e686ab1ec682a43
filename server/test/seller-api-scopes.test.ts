import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_SCOPES,
  ApiErrorSchema,
  ApiTokenCreatedSchema,
  KeyUploadResultSchema,
} from '@market/shared';
import { scopeFor } from '../src/modules/seller-api/token-scopes.ts';
import { freshCodes, newProduct, sell } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { declaredApiRoutes } from './served-routes.ts';

/**
 * Keys and purchases have scopes of their own (issue 22, item 9): `offers:write` no longer
 * uploads keys to an offer (`keys:write`) nor buys stock from the seller's supplier
 * (`purchases:write`). Tokens minted before keep their scopes, so they lose both.
 */
let t: TestServer;
let seller: TestAccount;
let offerId: string;
beforeAll(async () => {
  t = await startTestServer();
  seller = await t.account('seller');
  offerId = (await sell(t, seller, await newProduct(t.db))).id;
});
afterAll(() => t.close());

const mint = async (scopes: string[]) => {
  const res = await t.call('POST', '/api/seller/api-tokens', {
    token: seller.token,
    body: { name: 'Scoped', scopes },
  });
  expect(res.status).toBe(201);
  return ApiTokenCreatedSchema.parse(await res.json()).token;
};

const upload = (token: string) =>
  t.call('POST', `/api/seller/offers/${offerId}/keys`, { token, body: { codes: freshCodes(2) } });
const restock = (token: string) =>
  t.call('POST', `/api/seller/offers/${offerId}/restock`, { token, body: { quantity: 1 } });

describe('offers:write', () => {
  it('changes offers but neither uploads keys nor buys stock', async () => {
    const token = await mint(['offers:read', 'offers:write']);
    const changed = await t.call('PUT', `/api/seller/offers/${offerId}`, {
      token,
      body: { prices: { eur: 2100 } },
    });
    expect(changed.status).toBe(200);

    for (const [res, scope] of [
      [await upload(token), 'keys:write'],
      [await restock(token), 'purchases:write'],
    ] as const) {
      expect(res.status).toBe(403);
      const error = ApiErrorSchema.parse(await res.json());
      expect(error.providerCode).toBe('auth/api-token-out-of-scope');
      // The seller's program is told which scope to ask for.
      expect(error.message).toContain(scope);
    }
  });
});

describe('keys:write and purchases:write', () => {
  it('upload keys, and reach the restock, each alone', async () => {
    const keys = await mint(['keys:write']);
    const uploaded = await upload(keys);
    expect(uploaded.status).toBe(200);
    expect(KeyUploadResultSchema.parse(await uploaded.json()).accepted).toBe(2);
    expect((await restock(keys)).status).toBe(403);

    const purchases = await mint(['purchases:write']);
    // Past the token's checks: this offer is not stocked from a supplier (409).
    expect((await restock(purchases)).status).toBe(409);
    expect((await upload(purchases)).status).toBe(403);
    expect((await t.call('GET', '/api/seller/offers', { token: purchases })).status).toBe(403);
  });

  it('are scopes a token can be given', () => {
    expect(API_TOKEN_SCOPES).toEqual(expect.arrayContaining(['keys:write', 'purchases:write']));
  });
});

describe('every declared route', () => {
  it('needs the scope of its area, and a token reaches nothing outside the seller API', async () => {
    const declared = await declaredApiRoutes(t);
    const scoped: Record<string, string | null> = {};
    for (const route of declared.keys()) {
      const [method, pattern] = route.split(' ') as [string, string];
      const scope = scopeFor(method, pattern.replace(/:(\w+)/g, '0123456789abcdef01234567'));
      if (!pattern.startsWith('/api/seller/')) expect(scope, route).toBeNull();
      if (scope !== null) expect(API_TOKEN_SCOPES, route).toContain(scope);
      scoped[route] = scope;
    }
    expect(scoped).toMatchObject({
      'POST /api/seller/offers/:id/keys': 'keys:write',
      'POST /api/seller/offers/:id/restock': 'purchases:write',
      'POST /api/seller/offers': 'offers:write',
      'PUT /api/seller/offers/:id': 'offers:write',
      'GET /api/seller/keys': 'keys:read',
      'POST /api/seller/api-tokens': null,
      'POST /api/seller/webhooks': null,
    });
    // Only the restock spends the seller's money through a token.
    expect(Object.entries(scoped).filter(([, s]) => s === 'purchases:write')).toEqual([
      ['POST /api/seller/offers/:id/restock', 'purchases:write'],
    ]);
  });
});
