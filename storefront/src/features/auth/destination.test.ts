import { describe, expect, it } from 'vitest';
import { loginPath, signInTarget } from './destination.ts';

const OWN = 'https://shop.example';

describe('signInTarget', () => {
  it('goes to the localized home without a destination', () => {
    expect(signInTarget('', OWN, 'en')).toEqual({ kind: 'allowed', url: '/' });
    expect(signInTarget('?destination=', OWN, 'it')).toEqual({ kind: 'allowed', url: '/it/' });
  });

  it('goes to a destination on the shop', () => {
    expect(signInTarget('?destination=/it/account', OWN, 'it')).toEqual({
      kind: 'allowed',
      url: '/it/account',
    });
    expect(signInTarget('?destination=%2Fcart%3Fstep%3D2', OWN, 'en')).toEqual({
      kind: 'allowed',
      url: '/cart?step=2',
    });
    expect(signInTarget('?destination=https://shop.example/checkout', OWN, 'en')).toEqual({
      kind: 'allowed',
      url: '/checkout',
    });
  });

  it('refuses a foreign destination and goes to the localized home instead', () => {
    expect(signInTarget('?destination=https://evil.example/', OWN, 'en')).toEqual({
      kind: 'foreign',
      url: '/',
    });
    expect(signInTarget('?destination=//evil.example', OWN, 'it')).toEqual({
      kind: 'foreign',
      url: '/it/',
    });
    expect(signInTarget('?destination=javascript:alert(1)', OWN, 'en').kind).toBe('foreign');
  });
});

describe('loginPath', () => {
  it('is the localized login page', () => {
    expect(loginPath('en')).toBe('/login');
    expect(loginPath('it')).toBe('/it/login');
  });

  it('carries the destination with readable slashes and encoded specials', () => {
    expect(loginPath('en', '/account')).toBe('/login?destination=/account');
    expect(loginPath('it', '/it/account')).toBe('/it/login?destination=/it/account');
    expect(loginPath('en', '/search?q=a&b')).toBe('/login?destination=/search%3Fq%3Da%26b');
  });

  it('round-trips through signInTarget', () => {
    const path = loginPath('en', '/search?q=a&b#x');
    const search = path.slice(path.indexOf('?'));
    expect(signInTarget(search, OWN, 'en')).toEqual({ kind: 'allowed', url: '/search?q=a&b#x' });
  });
});
