import { describe, expect, it } from 'vitest';
import { resolveLoginDestination } from './safe-redirect.ts';
import { redirectTricks } from './safe-redirect.tricks.ts';

// A production shop, and the e2e shop whose browser test runs the same table in Chromium.
describe.each(['https://shop.example', 'http://localhost:8091'])(
  'resolveLoginDestination on %s',
  (own) => {
    it.each(redirectTricks(own))('sends $destination to $goes', ({ destination, goes }) => {
      const resolved = resolveLoginDestination(destination, own);
      expect(resolved).toEqual(
        goes === null ? { kind: 'foreign', url: '/' } : { kind: 'allowed', url: goes },
      );
      // What location.assign would open from it is a page of the shop.
      expect(new URL(resolved.url, `${own}/login`).origin).toBe(own);
    });

    it.each([undefined, null, ''])('sends %j home', (destination) => {
      expect(resolveLoginDestination(destination, own)).toEqual({ kind: 'allowed', url: '/' });
    });
  },
);

describe('localhost destinations', () => {
  it.each(['http://localhost:8080/admin/', 'http://127.0.0.1:3000/cart'])(
    'refuses %j on a production shop: it never sends a buyer to their own machine',
    (destination) => {
      expect(resolveLoginDestination(destination, 'https://shop.example')).toEqual({
        kind: 'foreign',
        url: '/',
      });
    },
  );

  it('allows them while the shop itself runs on localhost (the consoles on another port)', () => {
    expect(resolveLoginDestination('http://127.0.0.1:3000/cart', 'http://localhost:8080')).toEqual({
      kind: 'allowed',
      url: 'http://127.0.0.1:3000/cart',
    });
  });
});
