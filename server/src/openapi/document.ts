import type { z } from 'zod';
import {
  createDocument,
  createSchema,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameterObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
  type oas32,
} from 'zod-openapi';
import {
  AdminBrandSchema,
  AdminCategorySchema,
  AdminMacrocategorySchema,
  AdminOfferSchema,
  AdminPlatformSchema,
  AdminProductSchema,
  ApiErrorSchema,
  AuditEntrySchema,
  CatalogueSearchResultSchema,
  ExchangeRateSchema,
  HomeContentSchema,
  KeyUploadResultSchema,
  MaskedKeySchema,
  OutboxMailDetailSchema,
  OutboxMailSchema,
  ProductProposalSchema,
  ProductSalesSchema,
  PublicCategorySchema,
  PublicStateSchema,
  SaleSchema,
  SellerCatalogueProductSchema,
  SellerOfferSchema,
  SellerSchema,
  StoreProductSchema,
  TagSchema,
  UserInfoFullSchema,
  UserInfoSchema,
} from '@market/shared';
import type { DeclaredRoute } from '../lib/route.ts';
import { API_TAGS } from './api-tags.ts';

const ERROR_TEXT = {
  400: 'The request is not valid: `errors` maps each field path to its message',
  401: 'No valid credential (guest, expired or revoked token); on a sensitive action (`x-recent-sign-in`), `auth/requires-recent-login` when the sign-in is older than the window: sign in again and retry',
  403: 'Signed in, but not allowed (wrong role, shop not approved, blocked user; `auth/unverified-email` where `x-verified-email` asks for a verified address)',
  404: 'Not found (also another seller’s record)',
  409: 'Conflicts with an existing record',
  429: 'Too many requests from this address or account: retry after `Retry-After` seconds',
  503: 'The payment provider or a key supplier could not be reached (`PAYMENT_UNAVAILABLE`, `SUPPLIER_UNAVAILABLE`): try again shortly',
} as const;
type ErrorStatus = keyof typeof ERROR_TEXT;

const ref = (kind: 'parameters' | 'headers' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Response schemas shown once under Schemas and referenced from every operation. */
const NAMED_SCHEMAS = {
  ApiError: ApiErrorSchema,
  StoreProduct: StoreProductSchema,
  ProductSales: ProductSalesSchema,
  Sale: SaleSchema,
  PublicCategory: PublicCategorySchema,
  CatalogueSearchResult: CatalogueSearchResultSchema,
  PublicState: PublicStateSchema,
  SellerOffer: SellerOfferSchema,
  KeyUploadResult: KeyUploadResultSchema,
  SellerCatalogueProduct: SellerCatalogueProductSchema,
  MaskedKey: MaskedKeySchema,
  ProductProposal: ProductProposalSchema,
  UserInfo: UserInfoSchema,
  UserInfoFull: UserInfoFullSchema,
  Seller: SellerSchema,
  OutboxMail: OutboxMailSchema,
  OutboxMailDetail: OutboxMailDetailSchema,
  AdminProduct: AdminProductSchema,
  AdminCategory: AdminCategorySchema,
  AdminMacrocategory: AdminMacrocategorySchema,
  AdminPlatform: AdminPlatformSchema,
  AdminBrand: AdminBrandSchema,
  Tag: TagSchema,
  HomeContent: HomeContentSchema,
  AdminOffer: AdminOfferSchema,
  ExchangeRate: ExchangeRateSchema,
  AuditEntry: AuditEntrySchema,
};

/** The ra-data-simple-rest list convention, described once (see `server/src/lib/list-query.ts`). */
const LIST_PARAMETERS = {
  ListSort: {
    name: 'sort',
    in: 'query',
    description: 'JSON `[field, "ASC" | "DESC"]`.',
    schema: { type: 'string' },
    example: '["createdAt","DESC"]',
  },
  ListRange: {
    name: 'range',
    in: 'query',
    description:
      'JSON `[from, to]`, both inclusive and 0-based; at most 500 rows. Default `[0,24]`.',
    schema: { type: 'string' },
    example: '[0,24]',
  },
} satisfies Record<string, oas32.ParameterObject>;

/**
 * The `filter` parameter, written into each list's operation: typed by the list's own schema
 * (every console list has one, with `id` for getMany), plain JSON text for a list without.
 */
const LIST_FILTER = {
  name: 'filter',
  in: 'query',
  description:
    'JSON object of field → value, typed by each list’s schema (a wrong value answers 400 on `filter.<field>`). `{"id": [...]}` (react-admin’s getMany) fetches several records by id where the schema has `id`. Fields a list does not know are ignored.',
  schema: { type: 'string' },
  example: '{}',
} satisfies oas32.ParameterObject;

const CONTENT_RANGE = {
  description: '`<resource> <from>-<to>/<total>`: react-admin reads the total from it.',
  schema: { type: 'string' },
  example: 'offers 0-24/120',
} satisfies oas32.HeaderObject;

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The route's path in OpenAPI's syntax: `/admin/sellers/:id` → `/api/admin/sellers/{id}`. */
const openApiPath = (route: DeclaredRoute) => `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;

/** `post /seller/offers/:id/keys` → `postSellerOffersIdKeys`. */
const operationId = (op: DeclaredRoute) =>
  op.method +
  op.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** The `filter` parameter of one list, typed by the schema the route checks it with. */
function filterParameter(schema: z.ZodType): oas32.ParameterObject {
  const { name, description } = LIST_FILTER;
  return {
    name,
    in: 'query',
    description,
    content: { 'application/json': { schema: createSchema(schema, { io: 'input' }).schema } },
  };
}

function errorStatuses(op: DeclaredRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.errors);
  if (op.body || op.query || op.list) statuses.add(400);
  if (op.limit) statuses.add(429);
  if (op.access !== 'public') statuses.add(401).add(403);
  if (op.verifiedEmail) statuses.add(403);
  if (pathParams(op.path).length) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function responses(op: DeclaredRoute): ZodOpenApiResponsesObject {
  const { status, description, schema } = op.response;
  const ok: ZodOpenApiResponseObject = { description };
  if (schema) ok.content = { 'application/json': { schema } };
  if (op.list) ok.headers = { 'Content-Range': ref('headers', 'ContentRange') };
  const out: ZodOpenApiResponsesObject = { [`${status}`]: ok };
  for (const error of errorStatuses(op)) out[`${error}`] = ref('responses', `Error${error}`);
  return out;
}

/** The route's description, with what it asks of the sign-in said for a reader. */
function describe(op: DeclaredRoute): string | undefined {
  const notes = [
    op.description,
    op.recentSignIn &&
      'Needs a recent sign-in: a credential signed in within the last few minutes (`RECENT_SIGN_IN_SECONDS`), else 401 `auth/requires-recent-login` (sign in again, then retry); API tokens are refused.',
    op.verifiedEmail && 'The caller’s email must be verified, else 403 `auth/unverified-email`.',
  ].filter(Boolean);
  return notes.length ? notes.join('\n\n') : undefined;
}

function operation(op: DeclaredRoute): ZodOpenApiOperationObject {
  // The path parameters `params` types come from its schema; the others are plain strings.
  const typed = new Set(Object.keys(op.params?.shape ?? {}));
  const parameters: ZodOpenApiParameterObject[] = pathParams(op.path)
    .filter((name) => !typed.has(name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (op.list) {
    parameters.push(ref('parameters', 'ListSort'), ref('parameters', 'ListRange'));
    parameters.push(op.list.filter ? filterParameter(op.list.filter) : LIST_FILTER);
  }
  return {
    tags: [API_TAGS[op.tag].name],
    summary: op.summary,
    description: describe(op),
    operationId: operationId(op),
    // Who may call it, as the route declares it: `public`, `user` (any signed-in role),
    // `seller` (a shop approved now) or `admin`.
    'x-access': op.access,
    // What the route asks of the sign-in beyond the role (lib/route.ts): a sign-in within
    // RECENT_SIGN_IN_SECONDS (401 `auth/requires-recent-login`), a verified email (403).
    ...(op.recentSignIn && { 'x-recent-sign-in': true }),
    ...(op.verifiedEmail && { 'x-verified-email': true }),
    security:
      op.access === 'public'
        ? []
        : op.bearerOnly
          ? [{ bearer: [] }]
          : [{ bearer: [] }, { sessionCookie: [] }],
    parameters,
    requestParams: {
      ...(op.query && { query: op.query }),
      ...(op.params && { path: op.params }),
    },
    requestBody: op.body
      ? { required: true, content: { 'application/json': { schema: op.body } } }
      : undefined,
    responses: responses(op),
  };
}

/** The OpenAPI 3.1 document of the routes the app mounted, from the schemas they validate with. */
export function createApiDocument(routes: DeclaredRoute[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const path = openApiPath(route);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: ApiErrorSchema } } },
    ]),
  );
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Marketplace API',
        version: '1.0.0',
        description: [
          'The marketplace’s HTTP API. JSON is camelCase, ids are strings, money is integer cents.',
          'Every error has one shape (`ApiError`); a 400 carries `errors`, a map of field path → message.',
          'Sign in with a Firebase ID token as `Authorization: Bearer <token>` (what the consoles and integrations send) or with the `session` cookie `POST /api/login` sets; writes riding on the cookie must come from the shop’s own origin.',
        ].join('\n\n'),
        // Not open source: an SPDX reference of our own, as SPDX provides for such licences.
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // The API is served by the same origin as this document.
      servers: [{ url: '/', description: 'This server' }],
      tags: Object.values(API_TAGS).map((tag) => ({ ...tag })),
      paths,
      components: {
        schemas: NAMED_SCHEMAS,
        parameters: LIST_PARAMETERS,
        headers: { ContentRange: CONTENT_RANGE },
        responses: errorResponses,
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A Firebase ID token of the account; on seller routes, a seller API token (`mkt_live_…`) within its scopes also works (docs/seller-api.md).',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'session',
            description: 'The session cookie `POST /api/login` sets (12 days).',
          },
        },
      },
    },
    // The named schemas are response shapes only: one name each, not `XOutput` twins.
    { outputIdSuffix: '' },
  );
}
