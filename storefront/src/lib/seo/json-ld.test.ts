import { describe, expect, it } from 'vitest';
import type { Sale } from '@market/shared';
import {
  breadcrumbListJsonLd,
  centsToDecimal,
  organizationJsonLd,
  productJsonLd,
  serializeJsonLd,
} from './json-ld.ts';

describe('organizationJsonLd', () => {
  it('describes the shop with its logo', () => {
    expect(
      organizationJsonLd({
        name: 'localhost:8080',
        url: 'http://localhost:8080/',
        logo: 'http://localhost:8080/logo.svg',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'localhost:8080',
      url: 'http://localhost:8080/',
      logo: 'http://localhost:8080/logo.svg',
    });
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the items from 1 in trail order', () => {
    const list = breadcrumbListJsonLd([
      { name: 'localhost:8080', url: 'http://localhost:8080/' },
      { name: 'Category', url: 'http://localhost:8080/category' },
    ]);
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'localhost:8080', item: 'http://localhost:8080/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Category',
        item: 'http://localhost:8080/category',
      },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot be closed early by a name containing </script>', () => {
    const json = serializeJsonLd(
      breadcrumbListJsonLd([{ name: '</script><script>alert(1)</script>', url: 'http://x/' }]),
    );
    expect(json).not.toContain('<');
    expect(JSON.parse(json).itemListElement[0].name).toBe('</script><script>alert(1)</script>');
  });
});

describe('centsToDecimal', () => {
  it('writes cents as a decimal string with two places', () => {
    expect(centsToDecimal(547)).toBe('5.47');
    expect(centsToDecimal(500)).toBe('5.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(123456)).toBe('1234.56');
  });
});

describe('productJsonLd', () => {
  const sale = (eur: number, usd: number, gbp: number, inStock = true): Sale => ({
    offerId: `o${eur}`,
    sellerId: 's',
    sellerName: 'Seller',
    prices: { eur, usd, gbp },
    region: 'Global',
    inStock,
    apiName: 'marketplace',
    sellerRating: { average: 0, count: 0 },
  });
  const product = {
    id: '6b02',
    name: 'Iron Arena',
    description: 'An action game.',
    brand: 'Northwind Games',
    url: 'http://localhost:8080/product/6b02/iron-arena',
    image: ['http://localhost:8080/api/images/0123456789abcdef0123456789abcdef/1280.webp'],
  };

  it('describes the product with its id as sku and its brand', () => {
    const json = productJsonLd({ ...product, sales: [sale(547, 591, 470)] });
    expect(json).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Iron Arena',
      description: 'An action game.',
      sku: '6b02',
      image: ['http://localhost:8080/api/images/0123456789abcdef0123456789abcdef/1280.webp'],
      brand: { '@type': 'Brand', name: 'Northwind Games' },
    });
  });

  it('offers each currency at the lowest live price, new, in stock, shipped free and now', () => {
    const json = productJsonLd({
      ...product,
      sales: [sale(100, 90, 80, false), sale(602, 650, 518), sale(547, 660, 470)],
    });
    expect(json.offers.map((o) => [o.priceCurrency, o.price, o.availability])).toEqual([
      ['EUR', '5.47', 'https://schema.org/InStock'],
      ['USD', '6.50', 'https://schema.org/InStock'],
      ['GBP', '4.70', 'https://schema.org/InStock'],
    ]);
    expect(json.offers[0]).toMatchObject({
      '@type': 'Offer',
      url: product.url,
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'EUR' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' },
        },
      },
    });
  });

  it('offers "0", out of stock, in every currency when nobody sells it', () => {
    for (const sales of [[], [sale(100, 110, 90, false)]]) {
      const json = productJsonLd({ ...product, sales });
      expect(json.offers.map((o) => [o.priceCurrency, o.price, o.availability])).toEqual([
        ['EUR', '0', 'https://schema.org/OutOfStock'],
        ['USD', '0', 'https://schema.org/OutOfStock'],
        ['GBP', '0', 'https://schema.org/OutOfStock'],
      ]);
    }
  });
});

describe('productJsonLd with reviews', () => {
  const product = {
    id: '6b02',
    name: 'Iron Arena',
    description: 'An action game.',
    brand: 'Northwind Games',
    url: 'http://localhost:8080/product/6b02/iron-arena',
    image: [],
    sales: [],
  };
  const review = {
    id: 'r1',
    productId: '6b02',
    productName: 'Iron Arena',
    productUrl: '/product/6b02/iron-arena',
    sellerName: 'Pixel Keys',
    rating: 4,
    text: 'Activated at once.',
    authorName: 'Maria R.',
    createdAt: '2026-11-20T10:00:00.000Z',
    reply: null,
  };

  it('adds the aggregate rating and each review as schema.org asks', () => {
    const ld = productJsonLd({
      ...product,
      reviews: { rating: { average: 4.5, count: 2 }, reviews: [review] },
    });
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      ratingCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Maria R.' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        reviewBody: 'Activated at once.',
        datePublished: '2026-11-20',
      },
    ]);
  });

  it('leaves both out when the product has no review', () => {
    const ld = productJsonLd({
      ...product,
      reviews: { rating: { average: 0, count: 0 }, reviews: [] },
    });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
    expect(productJsonLd(product)).not.toHaveProperty('aggregateRating');
  });
});
