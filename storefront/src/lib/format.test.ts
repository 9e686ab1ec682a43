import { describe, expect, it } from 'vitest';
import { labelFromSegment, platformLabel } from './format.ts';

describe('labelFromSegment', () => {
  it('turns hyphens into spaces and capitalises only the first letter', () => {
    expect(labelFromSegment('gift-cards')).toBe('Gift cards');
    expect(labelFromSegment('category')).toBe('Category');
  });

  it('leaves the rest of the casing alone', () => {
    expect(labelFromSegment('PS5-keys')).toBe('PS5 keys');
  });

  it('decodes percent-encoding and survives malformed escapes', () => {
    expect(labelFromSegment('caf%C3%A9')).toBe('Café');
    expect(labelFromSegment('100%-off')).toBe('100% off');
  });
});

describe('platformLabel', () => {
  it('names the shop platform after the host and leaves others alone', () => {
    expect(platformLabel('{host}', 'shop.example')).toBe('shop.example');
    expect(platformLabel('Steam', 'shop.example')).toBe('Steam');
  });
});
