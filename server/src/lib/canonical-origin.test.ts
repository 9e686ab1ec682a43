import { describe, expect, it } from 'vitest';
import { canonicalRedirect } from './canonical-origin.ts';

const ORIGIN = 'https://shop.example';
const get = (url: string, host: string | undefined, method = 'GET') =>
  canonicalRedirect({ method, url, host }, ORIGIN);

describe('canonicalRedirect', () => {
  it('sends pages under another host to the same path and query on the public origin', () => {
    expect(get('/checkout/complete?order=42', '10.0.0.5:8080')).toBe(
      'https://shop.example/checkout/complete?order=42',
    );
    expect(get('/admin/', 'www.shop.example', 'HEAD')).toBe('https://shop.example/admin/');
  });

  it('leaves pages on the public host, API calls and writes where they are', () => {
    expect(get('/cart', 'shop.example')).toBeNull();
    expect(get('/cart', 'SHOP.example')).toBeNull();
    expect(get('/api/health', '127.0.0.1:8080')).toBeNull();
    expect(get('/api?x=1', '127.0.0.1:8080')).toBeNull();
    // Prometheus scrapes each instance by its own address.
    expect(get('/metrics', '10.0.0.5:8080')).toBeNull();
    expect(get('/login', '127.0.0.1:8080', 'POST')).toBeNull();
  });

  it('never lets the request target choose another origin', () => {
    expect(get('//evil.example/path', 'other.example')).toBe(
      'https://shop.example/evil.example/path',
    );
  });
});
