import { describe, expect, it } from 'vitest';
import { breadcrumbsFromUrl } from './breadcrumbs.ts';

// Spec §2: breadcrumb paths are built from URL segments: hyphens become spaces, the first letter
// is capitalised, and the first segment is replaced by the host.
describe('breadcrumbsFromUrl', () => {
  it('names the root after the host and the page after its segment, hyphens as spaces', () => {
    expect(breadcrumbsFromUrl(new URL('https://shop.example/category/gift-cards'))).toEqual([
      { name: 'shop.example', url: 'https://shop.example/' },
      { name: 'Gift cards', url: 'https://shop.example/category/gift-cards' },
    ]);
  });

  it('names a product page after its slug, in its language, with no crumb for /product/<id>', () => {
    expect(
      breadcrumbsFromUrl(new URL('http://localhost:8080/it/product/6b02c0ffee/iron-arena-gog')),
    ).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/it/' },
      { name: 'Iron arena gog', url: 'http://localhost:8080/it/product/6b02c0ffee/iron-arena-gog' },
    ]);
  });

  it('decodes the segment and ignores a trailing slash and the query string', () => {
    expect(
      breadcrumbsFromUrl(new URL('https://shop.example/support/docs/guides/ea-app/?utm_source=x')),
    ).toEqual([
      { name: 'shop.example', url: 'https://shop.example/' },
      { name: 'Ea app', url: 'https://shop.example/support/docs/guides/ea-app' },
    ]);
    expect(breadcrumbsFromUrl(new URL('https://shop.example/tag/caf%C3%A9-games'))[1]?.name).toBe(
      'Café games',
    );
  });

  it('is only the host on a home page', () => {
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/it/'))).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/it/' },
    ]);
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/?q=1'))).toHaveLength(1);
  });
});
