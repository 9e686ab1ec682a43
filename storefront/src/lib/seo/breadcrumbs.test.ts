import { describe, expect, it } from 'vitest';
import { breadcrumbsFromUrl, productBreadcrumbs } from './breadcrumbs.ts';

describe('breadcrumbsFromUrl', () => {
  it('names the home after the host, then the page, skipping the segments that are no pages', () => {
    expect(breadcrumbsFromUrl(new URL('http://localhost:8080/it/category/gift-cards'))).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/it/' },
      { name: 'Gift cards', url: 'http://localhost:8080/it/category/gift-cards' },
    ]);
  });

  it('links English crumbs at the root and names the page as told', () => {
    expect(
      breadcrumbsFromUrl(
        new URL('https://shop.example/support/docs/guides/steam/'),
        'Shop',
        'Activate a key on Steam',
      ),
    ).toEqual([
      { name: 'Shop', url: 'https://shop.example/' },
      { name: 'Activate a key on Steam', url: 'https://shop.example/support/docs/guides/steam' },
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

describe('productBreadcrumbs', () => {
  const product = { id: '6b02c0ffee', slug: 'iron-arena-gog', name: 'Iron arena gog' };

  it('goes home, then to the category, then to the product, with no id crumb', () => {
    expect(
      productBreadcrumbs({
        origin: 'http://localhost:8080',
        locale: 'en',
        category: { id: 'games', name: 'Games' },
        product,
      }),
    ).toEqual([
      { name: 'localhost:8080', url: 'http://localhost:8080/' },
      { name: 'Games', url: 'http://localhost:8080/category/games' },
      { name: 'Iron arena gog', url: 'http://localhost:8080/product/6b02c0ffee/iron-arena-gog' },
    ]);
  });

  it('links every crumb in the page locale and keeps the category name as given', () => {
    expect(
      productBreadcrumbs({
        origin: 'https://shop.example',
        locale: 'it',
        category: { id: 'cards', name: 'Carte regalo' },
        product,
      }),
    ).toEqual([
      { name: 'shop.example', url: 'https://shop.example/it/' },
      { name: 'Carte regalo', url: 'https://shop.example/it/category/cards' },
      { name: 'Iron arena gog', url: 'https://shop.example/it/product/6b02c0ffee/iron-arena-gog' },
    ]);
  });
});

describe('the home crumb', () => {
  it('is named after the shop when its name is given', () => {
    const [home] = breadcrumbsFromUrl(new URL('http://localhost:8080/category/games'), 'KeyHaven');
    expect(home).toEqual({ name: 'KeyHaven', url: 'http://localhost:8080/' });
  });
});
