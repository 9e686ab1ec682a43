/**
 * The tag vocabulary, in one place: which public pages are cached and what each is tagged with,
 * and which collection writes invalidate which tags. docs/page-cache.md explains the scheme.
 *
 * To make a new kind of write refresh pages, add its collection to WRITE_TAGS: say which field
 * of the written document names the product (or other subject) and which tags it touches, as
 * `reviews` does below.
 */

/** Every cached page carries it: reference data (category, platform, brand… names) and all else. */
export const EVERY_PAGE = 'page';
/** Every product page: a write to a product (or offer) whose id could not be told. */
export const ALL_PRODUCTS = 'products';
/** Pages whose list of products comes from a query: home, category, search. */
export const LISTINGS = 'listing';
/** Pages that show prices (all converted with the exchange rates). */
export const RATES = 'rates';
/** The home pages (home content: banners, sections). */
export const HOME = 'home';

export const productTag = (id: string) => `product:${id}`;
/**
 * Not pages: a user's blocked flag and `sessionsValidAfter`, which the auth middleware keeps in
 * memory (`identity/session-state-cache.ts`) and drops on these tags.
 */
export const USER_TAG_PREFIX = 'user:';
export const ALL_USERS = 'users';
/** Not pages either: a buyer's cart as `GET /api/cart/get` reads it (cart.service.ts). */
export const CART_TAG_PREFIX = 'cart:';
export const ALL_CARTS = 'carts';
/**
 * Not pages: product documents as the cart's pricing reads them (name, category, region). Only
 * writes to the product itself drop them, not its offers' stock moving under a sale.
 */
export const PRODUCT_DOC_TAG_PREFIX = 'productDoc:';
export const ALL_PRODUCT_DOCS = 'productDocs';
export const categoryTag = (id: string) => `category:${id}`;

const OBJECT_ID = '[0-9a-f]{24}';
const SEGMENT = '[^/?#]+';

/** The cacheable public pages, in both languages (`/` and `/it/`), and their tags. */
const PAGES: ReadonlyArray<{ path: RegExp; tags: (match: RegExpMatchArray) => string[] }> = [
  { path: /^\/(?:it\/?)?$/, tags: () => [HOME, LISTINGS, RATES] },
  {
    path: new RegExp(`^/(?:it/)?category/(${SEGMENT})/?$`),
    tags: (m) => [categoryTag(m[1]!), LISTINGS, RATES],
  },
  { path: /^\/(?:it\/)?search\/?$/, tags: () => [LISTINGS, RATES] },
  {
    path: new RegExp(`^/(?:it/)?product/(${OBJECT_ID})(?:/${SEGMENT})*/?$`),
    tags: (m) => [productTag(m[1]!), ALL_PRODUCTS, RATES],
  },
  { path: new RegExp(`^/(?:it/)?support/docs/guides/(${SEGMENT})/?$`), tags: () => [] },
  // The offer ranking's formula, from constants.
  { path: /^\/(?:it\/)?ranking\/?$/, tags: () => [] },
];

/**
 * The query parameters pages render from (`storefront/src/lib/catalogue-query.ts`). Any other
 * (attribution's `awc`, `utm_*`…) is read only by the browser: it is left out of the key and of
 * the render, so it neither splits the cache nor reaches the cached HTML.
 */
const RENDERED_PARAMS = new Set([
  'q',
  'tag',
  'category',
  'platform',
  'region',
  'sort',
  'min',
  'max',
  'currency',
  'page',
]);
/** Longer URLs are rendered, never cached: no visitor fills the cache with made-up queries. */
const MAX_KEY_LENGTH = 512;

/**
 * The cache key and tags of a request path (with its query), or null when that path is not a
 * cacheable page. The key is the path and the query parameters pages read, sorted, so
 * `?a=1&b=2` and `?b=2&a=1` share an entry; the page is rendered from that same key.
 */
export function pageOf(url: string): { key: string; tags: string[] } | null {
  // No URL object: this runs on every page request, hits included. A path spelled another way
  // (dot segments, `//`) matches no page and is rendered as before.
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  for (const page of PAGES) {
    const match = pathname.match(page.path);
    if (!match) continue;
    let key = pathname;
    if (q !== -1) {
      // An empty field of the filters' GET form reads as no field, and the range's currency
      // as nothing without a range: neither splits the cache.
      let params = [...new URLSearchParams(url.slice(q + 1))].filter(
        ([name, value]) => RENDERED_PARAMS.has(name) && value !== '',
      );
      if (!params.some(([name]) => name === 'min' || name === 'max')) {
        params = params.filter(([name]) => name !== 'currency');
      }
      params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const query = new URLSearchParams(params).toString();
      if (query) key = `${pathname}?${query}`;
    }
    if (key.length > MAX_KEY_LENGTH) return null;
    return { key, tags: [EVERY_PAGE, ...page.tags(match)] };
  }
  return null;
}

/** How a write to a collection maps to tags: `field` of the written document names its subject. */
type WriteTags = {
  field?: string;
  /** The tags for one written document's subject; null when the write's documents are unknown. */
  tags: (subject: string | null) => string[];
};

/** Which collection writes invalidate which pages. Collections not listed change no page. */
export const WRITE_TAGS: Readonly<Record<string, WriteTags>> = {
  // Price, stock, status of an offer: its product's page, and every listing (lowest price,
  // in-stock filter, sort order and the home's counts may all move).
  offers: {
    field: 'productId',
    tags: (id) => [id ? productTag(id) : ALL_PRODUCTS, LISTINGS],
  },
  products: {
    field: '_id',
    tags: (id) =>
      id
        ? [productTag(id), LISTINGS, PRODUCT_DOC_TAG_PREFIX + id]
        : [ALL_PRODUCTS, LISTINGS, ALL_PRODUCT_DOCS],
  },
  // Seller names and ratings show beside each offer on product pages.
  sellers: { tags: () => [ALL_PRODUCTS] },
  // A product's reviews and rating (its page, JSON-LD), and the home's latest reviews.
  reviews: { field: 'productId', tags: (id) => [id ? productTag(id) : ALL_PRODUCTS, HOME] },
  exchangeRates: { tags: () => [RATES] },
  home_content: { tags: () => [HOME] },
  // Names in headers, breadcrumbs, filters and guides: every page.
  categories: { field: '_id', tags: (id) => (id ? [categoryTag(id), EVERY_PAGE] : [EVERY_PAGE]) },
  macrocategories: { tags: () => [EVERY_PAGE] },
  platforms: { tags: () => [EVERY_PAGE] },
  brands: { tags: () => [EVERY_PAGE] },
  tags: { tags: () => [EVERY_PAGE] },
  // No page: the auth middleware's cached session state (blocked, sessionsValidAfter).
  users: { field: '_id', tags: (id) => [id ? USER_TAG_PREFIX + id : ALL_USERS] },
  // No page: the carts `GET /api/cart/get` keeps in memory.
  carts: { field: '_id', tags: (id) => [id ? CART_TAG_PREFIX + id : ALL_CARTS] },
};

/** The collections whose writes are watched. */
export const WATCHED_COLLECTIONS: ReadonlySet<string> = new Set(Object.keys(WRITE_TAGS));

/**
 * The tags a write touches: `subjects` are the values of the collection's `field` in the written
 * documents, or null when the write's documents could not be told (then the broad tags).
 */
export function tagsOfWrite(collection: string, subjects: readonly string[] | null): string[] {
  const rule = WRITE_TAGS[collection];
  if (!rule) return [];
  const tags = new Set<string>();
  if (!rule.field || subjects === null) for (const t of rule.tags(null)) tags.add(t);
  else for (const subject of subjects) for (const t of rule.tags(subject)) tags.add(t);
  return [...tags];
}
