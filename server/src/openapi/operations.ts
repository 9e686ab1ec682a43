/**
 * Every operation the OpenAPI document (`GET /api/openapi.json`, reference page `/api/docs`)
 * describes, in one table.
 *
 * To document a route, add ONE entry to `API_OPERATIONS` with the same shared zod schemas the
 * route validates with (`jsonBody(X)` → `body: X`, `queryParams(X)` → `query: X`) and the schema
 * of what it answers. From `access`, `body`, `query`, `list` and `{id}` path parameters the
 * document derives the security requirement and the 400/401/403/404 answers (all in the one
 * `ApiError` shape); name other error statuses in `errors`. A ra-data-simple-rest `getList` route
 * sets `list` (optionally with the schema it checks `filter` with) and answers an array of rows:
 * the `sort`, `range` and `filter` parameters and the `Content-Range` header are added for it.
 * `server/test/openapi.test.ts` checks that every entry is a route the app serves.
 */
import { z } from 'zod';
import {
  CatalogueSearchRequestSchema,
  CatalogueSearchResultSchema,
  CategoryByIdRequestSchema,
  CategoryWithCountSchema,
  CategoryWithNamesSchema,
  ClientConfigSchema,
  FavoriteDeleteRequestSchema,
  FavoriteListSchema,
  FavoriteSchema,
  FavoriteSetRequestSchema,
  FavoritesGetRequestSchema,
  HealthSchema,
  InfoMultipleSalesRequestSchema,
  KeyUploadResultSchema,
  KeyUploadSchema,
  LocaleRequestSchema,
  MacrocategorySchema,
  MeSchema,
  PageViewEventSchema,
  ProductIdListRequestSchema,
  ProductSalesSchema,
  PublicCategorySchema,
  PublicStateSchema,
  SellerOfferCreateSchema,
  SellerOfferSchema,
  SellerOfferUpdateSchema,
  StoreProductSchema,
} from '@market/shared';

/** The groups of the reference page, in the order it shows them. */
export const API_TAGS = {
  catalogue: {
    name: 'Public catalogue',
    description: 'Open to guests: categories, products, prices and offers (spec section 7).',
  },
  session: {
    name: 'Session',
    description: 'Trade a Firebase ID token for the `session` cookie, and sign out.',
  },
  seller: {
    name: 'Seller',
    description:
      'For sellers whose shop is approved. Every call sees only the caller’s own records: another seller’s id answers 404.',
  },
  system: { name: 'System', description: 'Health, sign-in configuration and the caller.' },
  user: {
    name: 'Signed-in user',
    description:
      'The caller’s own records (any role). Where a call names `userId` it must be the caller’s uid (else 403).',
  },
  analytics: {
    name: 'Analytics',
    description: 'Storefront page views, open to guests and rate-limited per address.',
  },
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Who may call an operation: guests, any signed-in user, or one role (admins included for `user`). */
export type ApiAccess = 'public' | 'user' | 'seller' | 'admin';

export type ApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The full path with OpenAPI parameters: `/api/seller/offers/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  access: ApiAccess;
  /** The JSON body schema the route validates with. */
  body?: z.ZodType;
  /** The query schema the route validates with. */
  query?: z.ZodObject;
  /** A ra-data-simple-rest list; `filter` is the schema the route checks the `filter` param with. */
  list?: { filter?: z.ZodType };
  response: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  /** Error statuses beyond the derived ones (400 for input, 401/403 for access, 404 for `{id}`). */
  errors?: Array<404 | 409 | 429>;
};

const CATALOGUE = '/api/public';

/** The locale-only category calls answer the same list under four names (spec section 7). */
const categoryList = (name: string, summary: string, schema: z.ZodType): ApiOperation => ({
  method: 'post',
  path: `${CATALOGUE}/categories/${name}`,
  tag: 'catalogue',
  summary,
  access: 'public',
  body: LocaleRequestSchema,
  response: { status: 200, description: 'The categories by position', schema: z.array(schema) },
});

export const API_OPERATIONS: ApiOperation[] = [
  // Public catalogue
  categoryList('get-public', 'Categories, named in the locale', PublicCategorySchema),
  categoryList(
    'get',
    'Categories, named in the locale (alias of get-public)',
    PublicCategorySchema,
  ),
  categoryList('get-all', 'Categories with their names in every locale', CategoryWithNamesSchema),
  categoryList('get-list-prod-count', 'Categories with product counts', CategoryWithCountSchema),
  {
    method: 'post',
    path: `${CATALOGUE}/categories/get-by-id`,
    tag: 'catalogue',
    summary: 'One category',
    access: 'public',
    body: CategoryByIdRequestSchema,
    response: { status: 200, description: 'The category', schema: PublicCategorySchema },
    errors: [404],
  },
  {
    method: 'post',
    path: `${CATALOGUE}/macrocategories/get`,
    tag: 'catalogue',
    summary: 'Macrocategories (genres and themes), by localized name',
    access: 'public',
    body: LocaleRequestSchema,
    response: { status: 200, description: 'The list', schema: z.array(MacrocategorySchema) },
  },
  {
    method: 'post',
    path: `${CATALOGUE}/macrocategories/get-public`,
    tag: 'catalogue',
    summary: 'Macrocategories (alias of get)',
    access: 'public',
    body: LocaleRequestSchema,
    response: { status: 200, description: 'The list', schema: z.array(MacrocategorySchema) },
  },
  {
    method: 'post',
    path: `${CATALOGUE}/products/info-multiple`,
    tag: 'catalogue',
    summary: 'Products by id, in the order asked',
    description: 'Unknown ids are skipped. The first item also carries its brand (`subcategory`).',
    access: 'public',
    body: ProductIdListRequestSchema,
    response: { status: 200, description: 'The products', schema: z.array(StoreProductSchema) },
  },
  {
    method: 'post',
    path: `${CATALOGUE}/products/info-multiple-sales`,
    tag: 'catalogue',
    summary: 'Products by id with their live offers, cheapest first',
    description: 'Prices are integer cents. A product nobody sells has no sales and ranges of 0.',
    access: 'public',
    body: InfoMultipleSalesRequestSchema,
    response: {
      status: 200,
      description: 'The products and their sales',
      schema: z.array(ProductSalesSchema),
    },
  },
  {
    method: 'post',
    path: `${CATALOGUE}/products/search`,
    tag: 'catalogue',
    summary: 'Search and filter the catalogue',
    description:
      'Prices (`priceMin`, `priceMax`) are integer cents of `currency`; pages are 1-based.',
    access: 'public',
    body: CatalogueSearchRequestSchema,
    response: {
      status: 200,
      description: 'One page of products',
      schema: CatalogueSearchResultSchema,
    },
  },
  {
    method: 'get',
    path: `${CATALOGUE}/state`,
    tag: 'catalogue',
    summary: 'What every storefront page needs',
    access: 'public',
    query: LocaleRequestSchema,
    response: { status: 200, description: 'The global state', schema: PublicStateSchema },
  },
  {
    method: 'get',
    path: `${CATALOGUE}/client-config`,
    tag: 'system',
    summary: 'The Firebase web configuration browser apps sign in with',
    access: 'public',
    response: { status: 200, description: 'The configuration', schema: ClientConfigSchema },
  },
  {
    method: 'get',
    path: '/api/health',
    tag: 'system',
    summary: 'Which database and identity provider the server uses',
    access: 'public',
    response: { status: 200, description: 'Up', schema: HealthSchema },
  },
  {
    method: 'get',
    path: '/api/me',
    tag: 'system',
    summary: 'Who the caller is',
    access: 'user',
    response: { status: 200, description: 'The caller', schema: MeSchema },
  },

  // Analytics
  {
    method: 'post',
    path: `${CATALOGUE}/events`,
    tag: 'analytics',
    summary: 'Record a storefront page view',
    description:
      'The path only (no query or fragment); admin and seller paths are refused. The referrer is kept without its query; a signed-in caller’s uid is kept, nothing else about them. Kept 400 days; at most 120 a minute per address.',
    access: 'public',
    body: PageViewEventSchema,
    response: { status: 204, description: 'Recorded' },
    errors: [429],
  },

  // Signed-in user
  {
    method: 'post',
    path: '/api/user/favorites/get',
    tag: 'user',
    summary: 'The caller’s favorites, newest first',
    description: 'The body may be `{}` or left out.',
    access: 'user',
    body: FavoritesGetRequestSchema,
    response: { status: 200, description: 'The favorites', schema: FavoriteListSchema },
  },
  {
    method: 'post',
    path: '/api/user/favorites/set',
    tag: 'user',
    summary: 'Add a product to the caller’s favorites (idempotent: a repeat keeps the first date)',
    description: 'A `date` in the future is stored as now. At most 500 favorites (409 past it).',
    access: 'user',
    body: FavoriteSetRequestSchema,
    response: { status: 200, description: 'The favorite', schema: FavoriteSchema },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/user/favorites/delete',
    tag: 'user',
    summary: 'Remove a product from the caller’s favorites (idempotent)',
    access: 'user',
    body: FavoriteDeleteRequestSchema,
    response: { status: 204, description: 'Removed, or was not there' },
  },

  // Session
  {
    method: 'post',
    path: '/api/login',
    tag: 'session',
    summary: 'Sign in: Bearer ID token → `session` cookie (12 days, HttpOnly)',
    description:
      'Send a Firebase ID token as `Authorization: Bearer`. A password account must have verified its email (403 `auth/unverified-email`).',
    access: 'user',
    response: { status: 204, description: 'Signed in; `Set-Cookie: session=…`' },
  },
  {
    method: 'post',
    path: '/api/logout',
    tag: 'session',
    summary: 'Sign out: clears the cookie and revokes the refresh tokens',
    access: 'public',
    response: { status: 204, description: 'Signed out' },
  },

  // Seller
  {
    method: 'get',
    path: '/api/seller/offers',
    tag: 'seller',
    summary: 'The caller’s offers',
    description: 'Filter fields: `status`, `productId`.',
    access: 'seller',
    list: {},
    response: {
      status: 200,
      description: 'One page of offers',
      schema: z.array(SellerOfferSchema),
    },
  },
  {
    method: 'get',
    path: '/api/seller/offers/{id}',
    tag: 'seller',
    summary: 'One of the caller’s offers',
    access: 'seller',
    response: { status: 200, description: 'The offer', schema: SellerOfferSchema },
  },
  {
    method: 'post',
    path: '/api/seller/offers',
    tag: 'seller',
    summary: 'Sell on a product',
    description: 'Prices are integer cents; USD and GBP are computed from EUR when left out.',
    access: 'seller',
    body: SellerOfferCreateSchema,
    response: { status: 201, description: 'The new offer', schema: SellerOfferSchema },
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/api/seller/offers/{id}',
    tag: 'seller',
    summary: 'Edit one of the caller’s offers',
    description: 'Other fields of the record (react-admin sends it whole) are ignored.',
    access: 'seller',
    body: SellerOfferUpdateSchema,
    response: { status: 200, description: 'The offer', schema: SellerOfferSchema },
  },
  {
    method: 'post',
    path: '/api/seller/offers/{id}/keys',
    tag: 'seller',
    summary: 'Upload keys to one of the caller’s offers (at most 5,000 a call)',
    description:
      'Codes are trimmed and upper-cased; malformed ones and duplicates (within the upload or anywhere in the marketplace) are counted, not refused. Keys are encrypted at rest and never returned.',
    access: 'seller',
    body: KeyUploadSchema,
    response: { status: 200, description: 'Counts only', schema: KeyUploadResultSchema },
  },
];
