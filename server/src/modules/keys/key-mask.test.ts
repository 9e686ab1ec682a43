import { describe, expect, it } from 'vitest';
import { maskKeyCode, shownKeyCharacters } from './key-mask.ts';

describe('maskKeyCode', () => {
  it('shows nothing of a code under 10 letters and digits', () => {
    expect(maskKeyCode('ABCD-EFGH-I')).toBe('•••• •••• •••• ••••');
    expect(maskKeyCode('')).toBe('•••• •••• •••• ••••');
  });

  it('shows a fifth of the letters and digits, rounded down: 10 → 2, 16 → 3, 25 → 5', () => {
    expect(maskKeyCode('ABCDE-FGHIJ')).toBe('•••• •••• •••• IJ');
    expect(maskKeyCode('ABCD-EFGH-IJKL-AB12')).toBe('•••• •••• •••• B12');
    expect(maskKeyCode('AAAAA-BBBBB-CCCCC-DDDDD-EFGHI')).toBe('•••• •••• •••• EFGHI');
  });

  it('never shows more than 6 characters', () => {
    expect(maskKeyCode('A'.repeat(58) + 'XYZ123')).toBe('•••• •••• •••• XYZ123');
    expect(shownKeyCharacters(64)).toBe(6);
  });

  it('skips separators, so the tail is letters and digits only, in the case uploaded', () => {
    expect(maskKeyCode('steam abcde_fghij.wx1-y2')).toBe('•••• •••• •••• x1y2');
  });

  it.each([
    [9, 0],
    [10, 2],
    [14, 2],
    [15, 3],
    [25, 5],
    [30, 6],
  ])('a code of %i letters and digits shows %i of them', (length, shown) => {
    expect(shownKeyCharacters(length)).toBe(shown);
  });
});
