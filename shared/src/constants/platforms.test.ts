import { describe, expect, it } from 'vitest';
import { activationGuidePath, PLATFORMS } from './platforms.ts';

describe('platforms', () => {
  it('lists the 21 platforms of the spec with unique slugs', () => {
    expect(PLATFORMS).toHaveLength(21);
    expect(new Set(PLATFORMS.map((p) => p.slug)).size).toBe(21);
  });

  it('links every platform to its activation guide except PS Vita and XBOX 360', () => {
    expect(activationGuidePath('steam')).toBe('/support/docs/guides/steam');
    expect(activationGuidePath('ps-vita')).toBeNull();
    expect(activationGuidePath('xbox-360')).toBeNull();
    const withoutGuide = PLATFORMS.filter((p) => !activationGuidePath(p.slug)).map((p) => p.name);
    expect(withoutGuide).toEqual(['PS Vita', 'XBOX 360']);
  });

  it('has no guide for an unknown platform', () => {
    expect(activationGuidePath('atari-2600')).toBeNull();
  });
});
