import { describe, expect, it } from 'vitest';
import { pageOf, tagsOfWrite } from './page-tags.ts';

const id = '0123456789abcdef01234567';

describe('cacheable pages', () => {
  it('names home, category, search, product and guide pages in both languages', () => {
    expect(pageOf('/')?.tags).toEqual(['page', 'home', 'listing', 'rates']);
    expect(pageOf('/it/')?.tags).toEqual(['page', 'home', 'listing', 'rates']);
    expect(pageOf('/it')?.key).toBe('/it');
    expect(pageOf('/category/games')?.tags).toContain('category:games');
    expect(pageOf('/it/search?q=x')?.tags).toContain('listing');
    expect(pageOf(`/product/${id}/some-game`)?.tags).toEqual([
      'page',
      `product:${id}`,
      'products',
      'rates',
    ]);
    expect(pageOf(`/it/product/${id}/some-game`)?.key).toBe(`/it/product/${id}/some-game`);
    expect(pageOf('/support/docs/guides/steam')?.tags).toEqual(['page']);
    expect(pageOf('/it/ranking')?.tags).toEqual(['page']);
  });

  it('leaves out personal and unknown pages', () => {
    for (const path of ['/cart', '/it/account', '/login', '/checkout', '/api/health', '/admin/']) {
      expect(pageOf(path), path).toBeNull();
    }
    expect(pageOf('/product/not-an-id/x')).toBeNull();
  });

  it('keys a filter form’s empty fields, and a currency without a range, as no parameter', () => {
    expect(pageOf('/search?q=elden&category=&min=&max=&currency=usd&platform=')?.key).toBe(
      '/search?q=elden',
    );
    expect(pageOf('/category/games?max=20&currency=gbp&min=')?.key).toBe(
      '/category/games?currency=gbp&max=20',
    );
  });

  it('keys a page by the query parameters pages read, sorted; others are left out', () => {
    expect(pageOf('/search?sort=price_asc&q=elden&utm_source=x&awc=1_2')?.key).toBe(
      '/search?q=elden&sort=price_asc',
    );
    expect(pageOf('/category/games?page=2&platform=steam')?.key).toBe(
      pageOf('/category/games?platform=steam&page=2')?.key,
    );
    expect(pageOf(`/search?q=${'x'.repeat(600)}`)).toBeNull();
  });
});

describe('writes to tags', () => {
  it('touches the product of an offer and every listing', () => {
    expect(tagsOfWrite('offers', [id])).toEqual([`product:${id}`, 'listing']);
    expect(tagsOfWrite('offers', null)).toEqual(['products', 'listing']);
  });

  it('touches every page on reference data, the rates pages on rates, none on others', () => {
    expect(tagsOfWrite('platforms', null)).toEqual(['page']);
    expect(tagsOfWrite('exchangeRates', ['usd'])).toEqual(['rates']);
    expect(tagsOfWrite('home_content', null)).toEqual(['home']);
    expect(tagsOfWrite('orders', null)).toEqual([]);
    expect(tagsOfWrite('reviews', [id])).toEqual([`product:${id}`, 'home']);
  });
});
