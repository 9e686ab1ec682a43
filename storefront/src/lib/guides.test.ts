import { describe, expect, it } from 'vitest';
import { guidePlatformName } from './guides.ts';

describe('guidePlatformName', () => {
  it('names platforms that have a guide', () => {
    expect(guidePlatformName('steam', 'shop.example')).toBe('Steam');
    expect(guidePlatformName('marketplace', 'shop.example')).toBe('shop.example');
  });

  it('has none for PS Vita, XBOX 360 and unknown slugs', () => {
    expect(guidePlatformName('ps-vita', 'h')).toBeNull();
    expect(guidePlatformName('xbox-360', 'h')).toBeNull();
    expect(guidePlatformName('sega', 'h')).toBeNull();
    expect(guidePlatformName(undefined, 'h')).toBeNull();
  });
});
