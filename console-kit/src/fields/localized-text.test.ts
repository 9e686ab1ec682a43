import { describe, expect, it } from 'vitest';
import { pickLocalized } from './localized-text.ts';

describe('pickLocalized', () => {
  it('picks the text of the active locale', () => {
    expect(pickLocalized({ en: 'Gift cards', it: 'Carte regalo' }, 'it')).toBe('Carte regalo');
    expect(pickLocalized({ en: 'Gift cards', it: 'Carte regalo' }, 'en')).toBe('Gift cards');
  });

  it('falls back to English when the locale has no text', () => {
    expect(pickLocalized({ en: 'Games' }, 'it')).toBe('Games');
    expect(pickLocalized({ en: 'Games', it: ' ' }, 'it')).toBe('Games');
  });

  it('gives an empty string for anything that is not a localized text', () => {
    expect(pickLocalized(undefined, 'en')).toBe('');
    expect(pickLocalized('Games', 'en')).toBe('');
    expect(pickLocalized({ en: 42 }, 'en')).toBe('');
  });
});
