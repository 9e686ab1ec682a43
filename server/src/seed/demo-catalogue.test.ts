import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, PLATFORMS } from '@market/shared';
import { demoCatalogue, demoKeyCode, seededRandom } from './demo-catalogue.ts';

describe('demo catalogue', () => {
  const products = demoCatalogue();

  it('has at least 300 products over all four categories', () => {
    expect(products.length).toBeGreaterThanOrEqual(300);
    expect(new Set(products.map((p) => p.categoryId))).toEqual(new Set(CATEGORY_IDS));
  });

  it('uses only the spec platforms, both regions, and unique slugs', () => {
    const slugs = new Set(PLATFORMS.map((p) => p.slug));
    expect(products.every((p) => slugs.has(p.platform))).toBe(true);
    expect(new Set(products.map((p) => p.region))).toEqual(new Set(['Global', 'ROW']));
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('is the same on every run', () => {
    expect(demoCatalogue()).toEqual(products);
  });

  it('generates keys in the XXXX-XXXX-XXXX-XXXX format', () => {
    const rand = seededRandom(1);
    for (let i = 0; i < 50; i++)
      expect(demoKeyCode(rand)).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  });
});
