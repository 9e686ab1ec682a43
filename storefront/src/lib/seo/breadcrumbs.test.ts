import { describe, expect, it } from 'vitest';
import { breadcrumbsFromUrl } from './breadcrumbs.ts';

describe('breadcrumbsFromUrl', () => {
  it('names the home after the host and adds one crumb per segment, skipping the locale', () => {
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/it/category/gift-cards'))).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/it/' },
      { name: 'Category', url: 'http://localhost:8080/it/category' },
      { name: 'Gift cards', url: 'http://localhost:8080/it/category/gift-cards' },
    ]);
  });

  it('links English crumbs at the root', () => {
    expect(breadcrumbsFromUrl(new URL('https://shop.example/category/games/'))).toEqual([
      { name: 'shop.example', url: 'https://shop.example/' },
      { name: 'Category', url: 'https://shop.example/category' },
      { name: 'Games', url: 'https://shop.example/category/games' },
    ]);
  });

  it('is only the home on a home page', () => {
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/it/'))).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/it/' },
    ]);
  });

  it('ignores the query string', () => {
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/?utm_source=x'))).toHaveLength(1);
  });
});
