/**
 * Every operation the OpenAPI document (`GET /api/openapi.json`, reference page `/api/docs`)
 * describes, in one table: the public, session and user calls here, the consoles' calls in
 * `operations.seller.ts` and `operations.admin.ts`.
 *
 * To document a route, add ONE entry with the same zod schemas the route validates with
 * (`jsonBody(X)` → `body: X`, `queryParams(X)` → `query: X`, `parseFilter(X, …)` →
 * `list: { filter: X }`) and the schema of what it answers; `rest()` writes the five calls of a
 * ra-data-simple-rest resource. From `access`, `body`, `query`, `list` and `{id}` path
 * parameters the document derives the security requirement and the 400/401/403/404 answers
 * (all in the one `ApiError` shape); name other error statuses in `errors`. A getList route
 * answers an array of rows: the `sort`, `range` and `filter` parameters and the `Content-Range`
 * header are added for it. `server/test/openapi.test.ts` fails when an entry is not a route the
 * app serves, and when a route the app serves under `/api/` has no entry.
 */
import { z } from 'zod';
import {
  AccountUpdateSchema,
  AddSellerSchema,
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
  LocaleRequestSchema,
  MacrocategorySchema,
  MeSchema,
  PageViewEventSchema,
  ProductIdListRequestSchema,
  ProductSalesSchema,
  ProfileAddSchema,
  ProfileAddSocialSchema,
  ProfileVerifyResultSchema,
  ProfileVerifySchema,
  PublicCategorySchema,
  PublicStateSchema,
  SellerApplicationSchema,
  StoreProductSchema,
  UserInfoSchema,
} from '@market/shared';
import type { ApiOperation } from './api-operation.ts';
import { ADMIN_OPERATIONS } from './operations.admin.ts';
import { CART_OPERATIONS } from './operations.cart.ts';
import { ORDER_OPERATIONS } from './operations.orders.ts';
import { CHECKOUT_OPERATIONS } from './operations.checkout.ts';
import { SELLER_OPERATIONS } from './operations.seller.ts';

export { API_TAGS, type ApiAccess, type ApiOperation, type ApiTag } from './api-operation.ts';

const CATALOGUE = '/api/public';

/** What sign-up and a seller application answer: the uid of the account. */
const NewAccountSchema = z.object({ id: z.string() });

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

  {
    method: 'get',
    path: '/api/user/account',
    tag: 'user',
    summary: 'The caller’s profile',
    access: 'user',
    response: { status: 200, description: 'The profile', schema: UserInfoSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/user/account/update',
    tag: 'user',
    summary: 'Change the caller’s language or preferred sign-in method',
    access: 'user',
    body: AccountUpdateSchema,
    response: { status: 200, description: 'The profile', schema: UserInfoSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/user/profile/addsocial',
    tag: 'user',
    summary: 'First Google sign-in: create the caller’s profile when missing',
    description:
      '`id` must be the caller’s uid (else 403); `tokenRecaptcha` is checked (400 on `tokenRecaptcha` when it fails). `created` says whether the profile is new.',
    access: 'user',
    body: ProfileAddSocialSchema,
    response: {
      status: 200,
      description: 'The profile’s id',
      schema: z.object({ id: z.string(), created: z.boolean() }),
    },
  },
  {
    method: 'post',
    path: '/api/user/profile/verify',
    tag: 'user',
    summary: 'Whether the caller’s email is verified now',
    description: '`email` must be the caller’s own (else 403).',
    access: 'user',
    body: ProfileVerifySchema,
    response: { status: 200, description: 'The answer', schema: ProfileVerifyResultSchema },
  },
  {
    method: 'get',
    path: '/api/user/seller-application',
    tag: 'user',
    summary: 'The caller’s seller application and its status',
    description: '404 when the caller never applied.',
    access: 'user',
    response: { status: 200, description: 'The application', schema: SellerApplicationSchema },
    errors: [404],
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

  {
    method: 'post',
    path: '/api/user/profile/add',
    tag: 'session',
    summary: 'Sign up with email and password (open to guests)',
    description:
      'Creates the account and its profile and mails the verification link; signing in waits for the email to be verified. `tokenRecaptcha` is checked (400 on `tokenRecaptcha` when it fails); 409 when the email has an account (`auth/email-already-exists`).',
    access: 'public',
    body: ProfileAddSchema,
    response: { status: 201, description: 'The new account’s uid', schema: NewAccountSchema },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/seller/profile/addseller',
    tag: 'session',
    summary: 'Apply for a shop (open to guests)',
    description:
      'Without `id`: a new password account with a pending shop. With `id` (the caller’s own uid, else 403): the caller’s account applies. 409 when the email has an account or the caller already has a shop. An admin approves or rejects the application; the applicant follows it at `GET /api/user/seller-application`.',
    access: 'public',
    body: AddSellerSchema,
    response: { status: 201, description: 'The applicant’s uid', schema: NewAccountSchema },
    errors: [403, 409],
  },

  ...SELLER_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...ORDER_OPERATIONS,
  ...CHECKOUT_OPERATIONS,
  ...CART_OPERATIONS,
];
