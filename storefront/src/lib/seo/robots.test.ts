import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.ts';

describe('robotsTxt', () => {
  const lines = robotsTxt('http://localhost:8080').split('\n');

  it('allows everything to every crawler', () => {
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
  });

  it('disallows the consoles and the per-visitor pages in both locales', () => {
    for (const path of ['/admin', '/seller', '/account', '/cart', '/checkout', '/it/cart']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });

  it('points to the sitemap with an absolute URL', () => {
    expect(lines).toContain('Sitemap: http://localhost:8080/sitemap.xml');
  });
});
