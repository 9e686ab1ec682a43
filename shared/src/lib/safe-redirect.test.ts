import { describe, expect, it } from 'vitest';
import { resolveLoginDestination } from './safe-redirect.ts';

const OWN = 'https://shop.example';

describe('resolveLoginDestination', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/cart', '/cart'],
    ['/it/account?tab=orders#keys', '/it/account?tab=orders#keys'],
    ['cart', '/cart'],
    ['https://shop.example/checkout', '/checkout'],
    ['https://user:pass@shop.example/account', '/account'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // Same scheme without slashes is a relative path, as a browser resolves it.
    ['https:evil.example', '/evil.example'],
  ])('allows %j, going to %s', (destination, url) => {
    expect(resolveLoginDestination(destination, OWN)).toEqual({ kind: 'allowed', url });
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\t/evil.example',
    'https://shop.example.evil.example/',
    'https://evil.example/?next=https://shop.example',
    'https://shop.example@evil.example/',
    'ftp://shop.example/file',
    'http://[::1',
    // A production shop never sends a buyer to their own machine.
    'http://localhost:8080/admin/',
    'http://127.0.0.1:3000/cart',
  ])('refuses %j as foreign and goes home', (destination) => {
    expect(resolveLoginDestination(destination, OWN)).toEqual({ kind: 'foreign', url: '/' });
  });

  it('allows localhost destinations only while the shop itself runs on localhost', () => {
    expect(resolveLoginDestination('http://127.0.0.1:3000/cart', 'http://localhost:8080')).toEqual({
      kind: 'allowed',
      url: 'http://127.0.0.1:3000/cart',
    });
  });
});
