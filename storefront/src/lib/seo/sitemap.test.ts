import { PLATFORMS } from '@market/shared';
import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  localizedEntry,
  productEntry,
  sitemapChildren,
  sitemapIndexXml,
  sitemapXml,
  staticSitemapEntries,
} from './sitemap.ts';

describe('escapeXml', () => {
  it('escapes the five XML special characters, & first', () => {
    expect(escapeXml(`a&b<c>"d"'e'&amp;`)).toBe(
      'a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;&amp;amp;',
    );
  });
});

describe('sitemapXml', () => {
  const xml = sitemapXml('http://localhost:8080', [localizedEntry('/')]);

  it('is a urlset declaring the sitemap and xhtml namespaces', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('lists every entry once per locale, with absolute URLs', () => {
    expect([...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://localhost:8080/',
      'http://localhost:8080/it/',
    ]);
  });

  it('gives each url its alternates in en, it and x-default (the English page)', () => {
    const urls = xml.split('<url>').slice(1);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="en" href="http://localhost:8080/"/>',
      );
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="it" href="http://localhost:8080/it/"/>',
      );
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:8080/"/>',
      );
    }
  });

  it('escapes & in URLs, in loc and in alternates', () => {
    const out = sitemapXml('https://shop.example', [
      { paths: { en: '/search?q=a&b', it: '/it/search?q=a&b' } },
    ]);
    expect(out).toContain('<loc>https://shop.example/search?q=a&amp;b</loc>');
    expect(out).toContain('hreflang="it" href="https://shop.example/it/search?q=a&amp;b"');
    expect(out).not.toMatch(/&(?!amp;)/);
  });

  it('addresses product pages by id and slug in both locales', () => {
    const out = sitemapXml('http://localhost:8080', [productEntry('6b02', 'iron-arena')]);
    expect(out).toContain('<loc>http://localhost:8080/product/6b02/iron-arena</loc>');
    expect(out).toContain('<loc>http://localhost:8080/it/product/6b02/iron-arena</loc>');
  });
});

describe('staticSitemapEntries', () => {
  const entries = staticSitemapEntries();
  const english = entries.map((entry) => entry.paths.en);

  it('holds the home, the four categories and every activation guide', () => {
    expect(english.slice(0, 5)).toEqual([
      '/',
      '/category/games',
      '/category/softwares',
      '/category/cards',
      '/category/accounts',
    ]);
    expect(english).toContain('/support/docs/guides/steam');
    expect(english).toContain('/ranking');
    expect(english.filter((path) => path.startsWith('/support/'))).toHaveLength(
      PLATFORMS.filter((platform) => platform.guide).length,
    );
  });

  it('has the Italian path of every page under /it/', () => {
    for (const entry of entries) {
      expect(entry.paths.it).toBe(entry.paths.en === '/' ? '/it/' : `/it${entry.paths.en}`);
    }
  });
});

describe('lastmod', () => {
  it('dates each URL of a product in every locale by its last change', () => {
    const xml = sitemapXml('https://shop.example', [
      productEntry('6b02', 'iron-arena', '2026-11-20T10:00:00.000Z'),
    ]);
    expect([...xml.matchAll(/<lastmod>(.*?)<\/lastmod>/g)].map((m) => m[1])).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
    ]);
  });

  it('leaves it out where the date is not known', () => {
    expect(sitemapXml('https://shop.example', [localizedEntry('/')])).not.toContain('lastmod');
  });
});

describe('sitemapIndexXml', () => {
  const pages = [
    { page: 1, lastmod: '2026-11-20T10:00:00.000Z' },
    { page: 2, lastmod: '2026-11-25T08:00:00.000Z' },
    { page: 3, lastmod: '2026-11-01T00:00:00.000Z' },
  ];
  const xml = sitemapIndexXml('https://shop.example', sitemapChildren(pages));

  it('is a sitemapindex of the fixed pages, then one child per page of products', () => {
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/sitemap-pages.xml',
      'https://shop.example/sitemap-products-1.xml',
      'https://shop.example/sitemap-products-2.xml',
      'https://shop.example/sitemap-products-3.xml',
    ]);
  });

  it('dates each child: a page of products by its newest product, the fixed pages by the newest of all', () => {
    expect([...xml.matchAll(/<lastmod>(.*?)<\/lastmod>/g)].map((m) => m[1])).toEqual([
      '2026-11-25T08:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
    ]);
  });

  it('lists the fixed pages alone, undated, in a shop without products', () => {
    expect(sitemapChildren([])).toEqual([{ path: '/sitemap-pages.xml', lastmod: undefined }]);
  });
});
