import { describe, expect, it } from 'vitest';
import { KEY_CODE_PATTERN, randomKeyCode, transactionId } from './ids.ts';

describe('randomKeyCode', () => {
  it('is four groups of four A-Z/0-9 characters joined by hyphens', () => {
    for (let i = 0; i < 200; i++) expect(randomKeyCode()).toMatch(KEY_CODE_PATTERN);
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 1000 }, randomKeyCode));
    expect(codes.size).toBe(1000);
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set(Array.from({ length: 300 }, randomKeyCode).join('').replace(/-/g, ''));
    expect(seen.size).toBe(36);
  });
});

describe('transactionId', () => {
  it('starts with the time in base 36 and ends with 8 random base-36 digits', () => {
    const now = Date.UTC(2026, 10, 22);
    const id = transactionId(now);
    expect(id.startsWith(now.toString(36))).toBe(true);
    expect(id.slice(now.toString(36).length)).toMatch(/^[0-9a-z]{8}$/);
  });

  it('differs between two calls at the same instant', () => {
    expect(transactionId(5)).not.toBe(transactionId(5));
  });
});
