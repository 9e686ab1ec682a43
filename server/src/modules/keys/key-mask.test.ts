import { describe, expect, it } from 'vitest';
import { maskKeyCode } from './key-mask.ts';

describe('maskKeyCode', () => {
  it('shows only the last 4 characters of a code', () => {
    expect(maskKeyCode('ABCD-EFGH-IJKL-AB12')).toBe('•••• •••• •••• AB12');
  });

  it('skips separators, so the tail is always 4 letters or digits', () => {
    expect(maskKeyCode('STEAM-ABCDE-X1-Y2')).toBe('•••• •••• •••• X1Y2');
  });
});
