import { describe, expect, it } from 'vitest';
import {
  categoryPath,
  localeFromPath,
  localizedPath,
  pathWithoutLocale,
  productPath,
  tagPath,
} from './routes.ts';

describe('localizedPath', () => {
  it('keeps English at the root', () => {
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '/category/games')).toBe('/category/games');
  });

  it('prefixes Italian with /it, the Italian home ending in a slash', () => {
    expect(localizedPath('it', '/')).toBe('/it/');
    expect(localizedPath('it', '/category/games')).toBe('/it/category/games');
  });

  it('normalises missing and trailing slashes', () => {
    expect(localizedPath('it', 'category/games/')).toBe('/it/category/games');
    expect(localizedPath('en', '')).toBe('/');
  });
});

describe('localeFromPath', () => {
  it('reads Italian from the /it prefix, with or without a trailing slash', () => {
    expect(localeFromPath('/it/')).toBe('it');
    expect(localeFromPath('/it')).toBe('it');
    expect(localeFromPath('/it/category/games')).toBe('it');
  });

  it('falls back to English elsewhere, even when a segment only starts with it', () => {
    expect(localeFromPath('/')).toBe('en');
    expect(localeFromPath('/italy')).toBe('en');
    expect(localeFromPath('/category/it')).toBe('en');
    expect(localeFromPath('/en/')).toBe('en');
  });
});

describe('pathWithoutLocale', () => {
  it('drops the locale prefix and the trailing slash', () => {
    expect(pathWithoutLocale('/it/')).toBe('/');
    expect(pathWithoutLocale('/it/category/games/')).toBe('/category/games');
    expect(pathWithoutLocale('/category/games')).toBe('/category/games');
  });

  it('round-trips with localizedPath', () => {
    for (const path of ['/', '/category/gift-cards']) {
      expect(pathWithoutLocale(localizedPath('it', path))).toBe(path);
      expect(pathWithoutLocale(localizedPath('en', path))).toBe(path);
    }
  });
});

describe('productPath', () => {
  it('addresses a product by id, then slug, in each locale', () => {
    expect(productPath('en', '6b02', 'iron-arena-gog')).toBe('/product/6b02/iron-arena-gog');
    expect(productPath('it', '6b02', 'iron-arena-gog')).toBe('/it/product/6b02/iron-arena-gog');
  });

  it('escapes what would break the path', () => {
    expect(productPath('en', 'a/b', 'x y')).toBe('/product/a%2Fb/x%20y');
  });
});

describe('categoryPath', () => {
  it('is under /category in each locale', () => {
    expect(categoryPath('en', 'games')).toBe('/category/games');
    expect(categoryPath('it', 'cards')).toBe('/it/category/cards');
  });
});

describe('tagPath', () => {
  it('is the search page filtered by the tag id, in each locale', () => {
    expect(tagPath('en', 'gift-card')).toBe('/search?tag=gift-card');
    expect(tagPath('it', 'open world')).toBe('/it/search?tag=open+world');
  });
});
