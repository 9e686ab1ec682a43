import { CURRENCIES, type Currency, type ProductReviews, type Sale } from '@market/shared';
import type { Breadcrumb } from './breadcrumbs.ts';

const CONTEXT = 'https://schema.org';

export interface OrganizationJsonLd {
  '@context': typeof CONTEXT;
  '@type': 'Organization';
  name: string;
  url: string;
  logo: string;
}

export interface BreadcrumbListJsonLd {
  '@context': typeof CONTEXT;
  '@type': 'BreadcrumbList';
  itemListElement: Array<{ '@type': 'ListItem'; position: number; name: string; item: string }>;
}

interface QuantitativeDays {
  '@type': 'QuantitativeValue';
  minValue: number;
  maxValue: number;
  unitCode: 'DAY';
}

export interface OfferJsonLd {
  '@type': 'Offer';
  url: string;
  priceCurrency: Uppercase<Currency>;
  /** Decimal string in major units (`"5.47"`), `"0"` when out of stock. */
  price: string;
  availability: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
  itemCondition: 'https://schema.org/NewCondition';
  shippingDetails: {
    '@type': 'OfferShippingDetails';
    shippingRate: { '@type': 'MonetaryAmount'; value: number; currency: Uppercase<Currency> };
    deliveryTime: {
      '@type': 'ShippingDeliveryTime';
      handlingTime: QuantitativeDays;
      transitTime: QuantitativeDays;
    };
  };
}

export interface RatingJsonLd {
  '@type': 'Rating';
  ratingValue: number;
  bestRating: 5;
  worstRating: 1;
}

export interface ReviewJsonLd {
  '@type': 'Review';
  author: { '@type': 'Person'; name: string };
  reviewRating: RatingJsonLd;
  reviewBody: string;
  /** ISO date (`2026-11-26`). */
  datePublished: string;
}

export interface AggregateRatingJsonLd {
  '@type': 'AggregateRating';
  ratingValue: number;
  reviewCount: number;
  ratingCount: number;
  bestRating: 5;
  worstRating: 1;
}

export interface ProductJsonLd {
  '@context': typeof CONTEXT;
  '@type': 'Product';
  name: string;
  description: string;
  sku: string;
  url: string;
  /** Absolute URLs of its pictures (the placeholder's when it has none). */
  image: string[];
  brand: { '@type': 'Brand'; name: string };
  offers: OfferJsonLd[];
  /** Only with approved reviews (the API gives only those). */
  aggregateRating?: AggregateRatingJsonLd;
  review?: ReviewJsonLd[];
}

export type JsonLd = OrganizationJsonLd | BreadcrumbListJsonLd | ProductJsonLd;

/** The shop as an Organization, with its logo, for search engines. */
export function organizationJsonLd(input: {
  name: string;
  url: string;
  logo: string;
}): OrganizationJsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', ...input };
}

/** A BreadcrumbList of the given trail, positions starting at 1. */
export function breadcrumbListJsonLd(crumbs: readonly Breadcrumb[]): BreadcrumbListJsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** Integer cents as a schema.org price: a decimal string in major units (`547` → `"5.47"`). */
export function centsToDecimal(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

const NO_DAYS: QuantitativeDays = {
  '@type': 'QuantitativeValue',
  minValue: 0,
  maxValue: 0,
  unitCode: 'DAY',
};

/**
 * The rating and reviews of a product for its JSON-LD: nothing without a review (an
 * `aggregateRating` of 0 reviews is invalid for search engines). `reviews` holds only approved
 * reviews: `GET /api/public/reviews` answers no other.
 */
export function reviewsJsonLd(
  reviews: Pick<ProductReviews, 'rating' | 'reviews'> | null | undefined,
): Pick<ProductJsonLd, 'aggregateRating' | 'review'> {
  if (!reviews || reviews.rating.count < 1) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.rating.average,
      reviewCount: reviews.rating.count,
      ratingCount: reviews.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      reviewBody: r.text,
      datePublished: r.createdAt.slice(0, 10),
    })),
  };
}

/**
 * A Product with one Offer per currency, priced at the lowest live (in-stock) offer in that
 * currency; digital goods, so free and instant shipping. With no live offer every currency is
 * offered at `"0"` and out of stock. With approved reviews, its `aggregateRating` and `review`.
 */
export function productJsonLd(input: {
  id: string;
  name: string;
  description: string;
  brand: string;
  url: string;
  /** Absolute URLs of its pictures (`jsonLdImages`). */
  image: string[];
  sales: readonly Sale[];
  reviews?: Pick<ProductReviews, 'rating' | 'reviews'> | null;
}): ProductJsonLd {
  const live = input.sales.filter((sale) => sale.inStock);
  const offers = CURRENCIES.map((currency): OfferJsonLd => {
    const code = currency.toUpperCase() as Uppercase<Currency>;
    const lowest = live.length ? Math.min(...live.map((sale) => sale.prices[currency])) : null;
    return {
      '@type': 'Offer',
      url: input.url,
      priceCurrency: code,
      price: lowest === null ? '0' : centsToDecimal(lowest),
      availability:
        lowest === null ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: code },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: NO_DAYS,
          transitTime: NO_DAYS,
        },
      },
    };
  });
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    sku: input.id,
    url: input.url,
    image: input.image,
    brand: { '@type': 'Brand', name: input.brand },
    offers,
    ...reviewsJsonLd(input.reviews),
  };
}

/** JSON for an ld+json `<script>` body; `<` is escaped so no value can close the tag. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
