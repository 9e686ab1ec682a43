import { describe, expect, it } from 'vitest';
import { referrerFromCookies } from './referrer.ts';

describe('referrerFromCookies', () => {
  it('reads the referrer cookie among others', () => {
    expect(referrerFromCookies('theme=dark; referrer=seller-42; x=1')).toBe('seller-42');
    expect(referrerFromCookies('referrer=partner%20site')).toBe('partner site');
  });

  it('is null when the cookie is missing or empty', () => {
    expect(referrerFromCookies('')).toBeNull();
    expect(referrerFromCookies('theme=dark; my_referrer=x')).toBeNull();
    expect(referrerFromCookies('referrer=')).toBeNull();
  });

  it('keeps a malformed escape as it is', () => {
    expect(referrerFromCookies('referrer=100%')).toBe('100%');
  });

  it('drops a value longer than the API accepts rather than failing the sign-up', () => {
    expect(referrerFromCookies(`referrer=${'a'.repeat(201)}`)).toBeNull();
    expect(referrerFromCookies(`referrer=${'a'.repeat(200)}`)).toBe('a'.repeat(200));
  });
});
