import { describe, expect, it } from 'vitest';
import { SlugSchema, slugOf } from './slug.ts';

describe('slugOf', () => {
  it('drops accents and joins lower-case words with single hyphens', () => {
    expect(slugOf('  Città del Caffè: Édition 2!  ')).toBe('citta-del-caffe-edition-2');
  });

  it('gives a slug SlugSchema accepts', () => {
    expect(SlugSchema.safeParse(slugOf('Xbox One / Xbox Series XS')).success).toBe(true);
  });

  it('gives an empty slug for a name without letters or digits', () => {
    expect(slugOf('—!?')).toBe('');
  });
});
