import { describe, expect, it } from 'vitest';
import {
  catalogueQueryString,
  pageCount,
  parseCatalogueQuery,
  searchRequestOf,
} from './catalogue-query.ts';

const parse = (query: string) => parseCatalogueQuery(new URLSearchParams(query));

describe('parseCatalogueQuery', () => {
  it('defaults to the newest products, page 1, no filter', () => {
    expect(parse('')).toEqual({
      q: undefined,
      tag: undefined,
      category: undefined,
      platform: undefined,
      region: undefined,
      sort: undefined,
      currency: undefined,
      min: undefined,
      max: undefined,
      page: 1,
    });
  });

  it('reads every filter the form sends', () => {
    expect(
      parse(
        'q=+iron+&tag=action&category=cards&platform=steam&region=ROW&sort=price_asc&min=5&max=20.5&currency=usd&page=3',
      ),
    ).toEqual({
      q: 'iron',
      tag: 'action',
      category: 'cards',
      platform: 'steam',
      region: 'ROW',
      sort: 'price_asc',
      currency: 'usd',
      min: 5,
      max: 20.5,
      page: 3,
    });
  });

  it('drops unknown platforms, regions, sorts and empty fields', () => {
    const query = parse(
      'platform=sega&region=EU&sort=random&min=&max=&q=&tag=+&category=toys&currency=gbp',
    );
    expect(query.category).toBeUndefined();
    expect(query.currency).toBeUndefined();
    expect(query.platform).toBeUndefined();
    expect(query.region).toBeUndefined();
    expect(query.sort).toBeUndefined();
    expect(query.min).toBeUndefined();
    expect(query.q).toBeUndefined();
    expect(query.tag).toBeUndefined();
  });

  it('falls back to page 1 for nonsense and caps at the last page the API serves', () => {
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999').page).toBe(1000);
  });

  it('swaps a reversed price range and drops negative amounts', () => {
    expect(parse('min=30&max=10')).toMatchObject({ min: 10, max: 30 });
    expect(parse('min=-1').min).toBeUndefined();
  });
});

describe('searchRequestOf', () => {
  it('asks for 24 products in EUR with the range in cents', () => {
    expect(searchRequestOf(parse('min=4.99&max=20&page=2'))).toMatchObject({
      currency: 'eur',
      priceMin: 499,
      priceMax: 2000,
      page: 2,
      pageSize: 24,
    });
    expect(searchRequestOf(parse('tag=action')).tag).toBe('action');
  });

  it('asks in the range currency of the URL, and for the category picked', () => {
    expect(searchRequestOf(parse('min=10&currency=gbp&category=games'))).toMatchObject({
      currency: 'gbp',
      priceMin: 1000,
      priceMax: undefined,
      categoryId: 'games',
    });
    // A range without a known currency is in euros, as before there was a choice.
    expect(parse('max=10&currency=jpy').currency).toBe('eur');
  });
});

describe('catalogueQueryString', () => {
  it('keeps the filters and sets the page, omitting defaults', () => {
    const query = parse('platform=steam&sort=name&page=4');
    expect(catalogueQueryString(query, 2)).toBe('?platform=steam&sort=name&page=2');
    expect(catalogueQueryString(query, 1)).toBe('?platform=steam&sort=name');
    expect(catalogueQueryString(parse(''), 1)).toBe('');
    expect(catalogueQueryString(parse('tag=gift-card&page=3'), 2)).toBe('?tag=gift-card&page=2');
    expect(catalogueQueryString(parse('q=x&category=cards&max=25&currency=usd'), 2)).toBe(
      '?q=x&category=cards&max=25&currency=usd&page=2',
    );
  });
});

describe('pageCount', () => {
  it('is at least one page of 24', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(150)).toBe(7);
  });
});
