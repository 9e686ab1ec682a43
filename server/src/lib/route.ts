/**
 * A route is declared once, next to its handler:
 *
 *     routes('/admin/brands', { tag: 'admin', access: 'admin' }).put(
 *       '/:id',
 *       {
 *         summary: 'Rename a brand',
 *         body: BrandUpdateSchema,
 *         response: { status: 200, description: 'The brand', schema: AdminBrandSchema },
 *         errors: [409],
 *       },
 *       async (c) => c.json(await admin.update(c.req.param('id'), c.req.valid('json'))),
 *     );
 *
 * `mountRoutes` (in `createApp`) puts the guard of the route's `access` in front of it, then
 * what it asks of the caller's sign-in (`verifiedEmail`, `recentSignIn`), checks
 * `body` (`jsonBody`), `query` or `list` (the ra-data-simple-rest page and its `filter`) before
 * the handler runs, and counts its abuse `limit`. The OpenAPI document (`openapi/document.ts`)
 * is built from the routes mounted: from `access`, `body`, `query`, `list`, `limit` and `:id`
 * path parameters it derives the security requirement and the 400/401/403/404/429 answers;
 * other error statuses go in `errors`. `rest()` (lib/rest.ts) writes the specs of a console
 * resource's five calls. The access-matrix test calls every declared route as each kind of
 * caller and expects what `access` says.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import type { Counted, RateLimit } from '../middleware/rate-limit.ts';
import type { SignInRequirements } from '../middleware/sign-in-requirements.ts';
import type { ApiTag } from '../openapi/api-tags.ts';
import { listParams, type ListRequest } from './list-query.ts';
import type { LimitName } from './rate-limit-config.ts';
import { jsonBody, queryParams } from './validate.ts';

/**
 * Who may call a route: guests and everyone (`public`), any signed-in role (`user`), a seller
 * whose shop is approved now (`seller`), or admins (`admin`).
 */
export type Access = 'public' | 'user' | 'seller' | 'admin';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** Error statuses a route names beyond the derived ones (see `openapi/document.ts`). */
export type ExtraError = 400 | 403 | 404 | 409 | 429 | 503;

/**
 * Everything a route says about itself besides its handler. The router checks `body`, `query`
 * and `list` before the handler runs, puts the guard of `access` in front, counts `limit`; the
 * OpenAPI document and the access-matrix test read the same object.
 */
export type RouteSpec = {
  tag?: ApiTag;
  access?: Access;
  summary: string;
  description?: string;
  /** Path parameters narrower than a string (an enum), for the document; the handler checks. */
  params?: z.ZodObject;
  /** The JSON body: `c.req.valid('json')`. */
  body?: z.ZodType;
  /** The query string: `c.req.valid('query')`. */
  query?: z.ZodObject;
  /** A ra-data-simple-rest list: `c.req.valid('query')` is the page, its filter checked. */
  list?: { filter?: z.ZodType; sorts?: readonly string[] };
  response: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  errors?: readonly ExtraError[];
  /** Takes the `Authorization: Bearer` token only, not the session cookie (signing in). */
  bearerOnly?: true;
  /**
   * A sensitive action: the caller must have signed in within RECENT_SIGN_IN_SECONDS (the
   * credential's `auth_time`), else 401 `auth/requires-recent-login` and the client asks them
   * to sign in again; API tokens are refused (403). For what a stolen session must not do:
   * things that outlive it (tokens, webhooks, credentials, roles) or cannot be undone.
   */
  recentSignIn?: true;
  /**
   * The caller's email must be verified (403 `auth/unverified-email`): buying, selling,
   * reviewing, chatting. Seller routes (`access: 'seller'`) require it unless they say `false`;
   * on a public route it binds only a signed-in caller.
   */
  verifiedEmail?: boolean;
  /** An abuse limit, counted per each of `per` before anything else runs for the route. */
  limit?: { name: LimitName; per: Counted[] };
};

/** One mounted route: its method and Hono path under `/api`, and what it declares. */
export type DeclaredRoute = RouteSpec & {
  method: Method;
  /** `/admin/sellers/:id/:decision` */
  path: string;
  tag: ApiTag;
  access: Access;
  /** Settled: the route's, its router's, or (for sellers) true. */
  verifiedEmail: boolean;
};

/** What a router's routes share unless one says otherwise. */
export type RouterDefaults = { tag: ApiTag; access: Access; verifiedEmail?: boolean };

type Unvalidated = Record<never, never>;
type Out<S> = (S extends { body: infer B extends z.ZodType }
  ? { json: z.output<B> }
  : Unvalidated) &
  (S extends { query: infer Q extends z.ZodObject }
    ? { query: z.output<Q> }
    : S extends { list: { filter: infer F extends z.ZodType } }
      ? { query: ListRequest<z.output<F>> }
      : S extends { list: object }
        ? { query: ListRequest }
        : Unvalidated);

/** A handler, its `c.req.valid(...)` typed by its spec and `c.req.param(...)` by its path. */
export type RouteHandler<P extends string, S> = (
  c: Context<AppEnv, P, { out: Out<S> }>,
) => Response | Promise<Response>;

type Registered = DeclaredRoute & { handler: unknown };

/** A router of one audience: routes declared with their spec next to their handler. */
export class Routes {
  readonly registered: Registered[] = [];

  /** The path under `/api` every route of this router starts with: `/admin/brands`. */
  private readonly base: string;
  private readonly defaults: RouterDefaults;

  constructor(base: string, defaults: RouterDefaults) {
    this.base = base;
    this.defaults = defaults;
  }

  private add(method: Method, path: string, spec: RouteSpec, handler: unknown) {
    const access = spec.access ?? this.defaults.access;
    this.registered.push({
      ...this.defaults,
      ...spec,
      access,
      // Selling needs a verified address: every seller route, unless it says otherwise.
      verifiedEmail: spec.verifiedEmail ?? this.defaults.verifiedEmail ?? access === 'seller',
      method,
      path: path === '/' ? this.base || '/' : this.base + path,
      handler,
    });
    return this;
  }

  get<const P extends string, S extends RouteSpec>(path: P, spec: S, handler: RouteHandler<P, S>) {
    return this.add('get', path, spec, handler);
  }

  post<const P extends string, S extends RouteSpec>(path: P, spec: S, handler: RouteHandler<P, S>) {
    return this.add('post', path, spec, handler);
  }

  put<const P extends string, S extends RouteSpec>(path: P, spec: S, handler: RouteHandler<P, S>) {
    return this.add('put', path, spec, handler);
  }

  delete<const P extends string, S extends RouteSpec>(
    path: P,
    spec: S,
    handler: RouteHandler<P, S>,
  ) {
    return this.add('delete', path, spec, handler);
  }
}

/**
 * A router: routes under one path prefix (below `/api`), with a tag, a default access and,
 * optionally, whether its routes need a verified email.
 */
export const routes = (base: string, defaults: RouterDefaults) => new Routes(base, defaults);

/**
 * What mounting needs besides the routes: the guard of each access, what a route may ask of
 * the sign-in (`recentSignIn`, `verifiedEmail`) and the abuse limits.
 */
export type MountContext = {
  guards: Record<Access, MiddlewareHandler<AppEnv>[]>;
  requirements: SignInRequirements;
  limit: RateLimit;
  /** Middleware a route gets right after its guard: the audit trail of admin writes. */
  audit?: (route: DeclaredRoute) => MiddlewareHandler<AppEnv>[];
};

/**
 * Registers every route on `api` with, in this order: its abuse limit, the guard of its access,
 * its `audit` middleware (so a refused attempt is audited too), its sign-in requirements, the
 * checks of its body, query or list, and its handler. Answers what it mounted, for the
 * OpenAPI document. A method and path declared twice is a mistake Hono would hide (the first
 * wins), so it stops the app from starting.
 */
export function mountRoutes(
  api: Hono<AppEnv>,
  routers: Routes[],
  { guards, requirements, limit, audit }: MountContext,
): DeclaredRoute[] {
  const mounted: DeclaredRoute[] = [];
  const seen = new Set<string>();
  for (const { handler, ...route } of routers.flatMap((r) => r.registered)) {
    const key = `${route.method.toUpperCase()} ${route.path}`;
    if (seen.has(key)) throw new Error(`${key} is declared twice`);
    seen.add(key);
    const chain: MiddlewareHandler<AppEnv>[] = [
      ...(route.limit ? [limit(route.limit.name, ...route.limit.per)] : []),
      ...guards[route.access],
      ...(audit?.(route) ?? []),
      ...(route.verifiedEmail ? [requirements.verifiedEmail] : []),
      ...(route.recentSignIn ? [requirements.recentSignIn] : []),
      ...(route.body ? [jsonBody(route.body)] : []),
      ...(route.query ? [queryParams(route.query)] : []),
      ...(route.list
        ? [listParams(route.list.filter ?? z.record(z.string(), z.unknown()), route.list.sorts)]
        : []),
    ];
    api.on(
      route.method.toUpperCase(),
      [route.path],
      ...chain,
      handler as MiddlewareHandler<AppEnv>,
    );
    mounted.push(route);
  }
  return mounted;
}
