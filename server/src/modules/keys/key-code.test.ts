import { describe, expect, it } from 'vitest';
import { keyCodeCharacters, normaliseKeyCode } from './key-code.ts';

describe('normaliseKeyCode', () => {
  it('makes one key of codes differing by spaces, hyphens, underscores, dots or case', () => {
    for (const code of ['ABCDE-FGHIJ', 'ABCDEFGHIJ', 'abcde fghij', 'Abcde_Fghij', 'ABCDE.FGHIJ']) {
      expect(normaliseKeyCode(code), code).toBe('ABCDEFGHIJ');
    }
  });

  it('drops surrounding whitespace and repeated separators', () => {
    expect(normaliseKeyCode(' \tAB--CD__EF..GH  IJ\r')).toBe('ABCDEFGHIJ');
  });

  it('keeps every letter and digit, so different codes stay different', () => {
    expect(normaliseKeyCode('ABCDE-FGHIJ-0')).toBe('ABCDEFGHIJ0');
  });
});

describe('keyCodeCharacters', () => {
  it('keeps the case uploaded', () => {
    expect(keyCodeCharacters('abCDe-fG')).toBe('abCDefG');
  });
});
