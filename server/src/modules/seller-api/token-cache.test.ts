import { describe, expect, it } from 'vitest';
import { createTokenCache } from './token-cache.ts';
import { scopeFor } from './token-scopes.ts';

describe('token cache', () => {
  it('keeps an entry for its time to live, forgets on demand, and drops the oldest past its size', () => {
    let now = 0;
    const cache = createTokenCache<string>(10_000, 2, () => now);
    cache.set('a', 'A');
    expect(cache.get('a')).toBe('A');
    now = 9_999;
    expect(cache.get('a')).toBe('A');
    now = 10_000;
    expect(cache.get('a')).toBeUndefined();

    cache.set('a', 'A');
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();

    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
  });

  it('caches nothing with no time to live', () => {
    const cache = createTokenCache<string>(0);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('token scopes', () => {
  it('reads with GET, writes otherwise, and closes what is not named', () => {
    expect(scopeFor('GET', '/api/seller/offers')).toBe('offers:read');
    expect(scopeFor('POST', '/api/seller/offers/abc/keys')).toBe('keys:write');
    expect(scopeFor('POST', '/api/seller/offers/abc/restock')).toBe('purchases:write');
    expect(scopeFor('PUT', '/api/seller/offers/abc')).toBe('offers:write');
    expect(scopeFor('POST', '/api/seller/offers/abc/constructor')).toBe('offers:write');
    expect(scopeFor('GET', '/api/seller/constructor')).toBeNull();
    expect(scopeFor('DELETE', '/api/seller/keys/abc')).toBe('keys:write');
    expect(scopeFor('GET', '/api/seller/ledger-entries')).toBe('sales:read');
    expect(scopeFor('POST', '/api/seller/claims/abc/refund')).toBe('sales:write');
    for (const path of [
      '/api/seller/api-tokens',
      // No `purchases:read`: nothing a token may hold reaches it.
      '/api/seller/offers/abc/restock',
      '/api/seller/webhooks',
      '/api/seller/webhook-deliveries/x/resend',
      '/api/seller/profile/addseller',
      '/api/seller//offers',
      '/api/user/orders',
      '/api/admin/users',
    ]) {
      expect(scopeFor('GET', path), path).toBeNull();
    }
  });
});
