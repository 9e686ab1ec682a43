import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { ProductDoc } from './products.repository.ts';
import { productPath, productPrices, toStoreProduct } from './store-product.ts';

const doc: ProductDoc = {
  _id: new ObjectId('0123456789abcdef01234567'),
  slug: 'iron-frontier-steam',
  categoryId: 'games',
  brand: 'Copperfox',
  platform: 'xbox-360',
  region: 'ROW',
  type: 'key',
  name: { en: 'Iron Frontier', it: 'Frontiera di ferro' },
  description: { en: 'A game.', it: 'Un gioco.' },
  images: [],
  tags: ['action'],
  eurMin: 499,
  eurMax: 650,
  usdMin: 540,
  usdMax: 700,
  gbpMin: null,
  gbpMax: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

describe('productPath', () => {
  it('gives the storefront route, id then slug, English at the root and Italian prefixed', () => {
    expect(productPath('en', '6b02', 'iron-frontier')).toBe('/product/6b02/iron-frontier');
    expect(productPath('it', '6b02', 'iron-frontier')).toBe('/it/product/6b02/iron-frontier');
  });

  it('encodes a slug that is not URL-safe', () => {
    expect(productPath('en', '6b02', 'a b/c')).toBe('/product/6b02/a%20b%2Fc');
  });
});

describe('productPrices', () => {
  it('gives min and max per currency and null where nobody sells', () => {
    expect(productPrices(doc)).toEqual({
      eur: { min: 499, max: 650 },
      usd: { min: 540, max: 700 },
      gbp: null,
    });
  });
});

describe('toStoreProduct', () => {
  it('shapes the product in the locale with a hex id', () => {
    const p = toStoreProduct(doc, 'it', { name: 'XBOX 360', guidePath: null });
    expect(p).toMatchObject({
      id: '0123456789abcdef01234567',
      url: '/it/product/0123456789abcdef01234567/iron-frontier-steam',
      name: 'Frontiera di ferro',
      description: 'Un gioco.',
      platformName: 'XBOX 360',
      guidePath: null,
    });
  });

  it('falls back to the slug and the shared guide when the platform is not stored', () => {
    const p = toStoreProduct({ ...doc, platform: 'steam' }, 'en', undefined);
    expect(p).toMatchObject({ platformName: 'steam', guidePath: '/support/docs/guides/steam' });
  });
});
