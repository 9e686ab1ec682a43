import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SUPPLIER_IDS, type SupplierId } from '@market/shared';
import { FAILPOINTS } from './lib/failpoints.ts';
import { RateLimitsSchema } from './lib/rate-limit-config.ts';
import { parseAddressRanges } from './observability/metrics-access.ts';
import { parseTrustProxy } from './lib/remote-ip.ts';

/** Repository root, so defaults such as `.data/` do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A third-party script's address: http(s) only (a `javascript:` or `data:` URL is no tag). */
const tagUrl = z.url({ protocol: /^https?$/ }).optional();

/** The emulator accepts any web API key; this one says that it is not a real project's. */
const DEMO_API_KEY = 'demo-api-key';

const NODE_ENVS = ['test', 'development', 'staging', 'production'] as const;
type NodeEnv = (typeof NODE_ENVS)[number];

/** Every environment variable the server reads. Anything invalid stops the start, naming the variable. */
const EnvObject = z.object({
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  PORT: port.default(8080),
  /** Default: 127.0.0.1 while identity is the emulator, 0.0.0.0 with real Firebase (listenHost). */
  HOST: optionalText,
  /** Public origin of the shop, used in absolute links (mails, sitemap). */
  PUBLIC_ORIGIN: z.url().optional(),
  /** The shop's name: header, footer, page titles, structured data, the sender of mails. */
  SHOP_NAME: z.string().trim().min(1).max(60).default('KeyHaven'),
  /** The shop's logo (absolute URL) for structured data; default: the storefront's /logo.svg. */
  SHOP_LOGO_URL: optionalText.pipe(z.url().optional()),
  /**
   * The marketplace as invoices name it, the supplier for VAT (Regulation 282/2011 art. 9a):
   * registered name, address, VAT number. Offline a demo identity stands in; a deployment
   * must set all three.
   */
  INVOICE_ISSUER_NAME: optionalText,
  INVOICE_ISSUER_ADDRESS: optionalText,
  INVOICE_ISSUER_VAT_NUMBER: optionalText,
  /**
   * Third-party scripts the storefront loads only after the visitor consents (features/consent):
   * an analytics tag, a marketing tag, and a chat widget (counted as marketing: it sets its own
   * cookies). Unset: no tag, no banner. Their origins join the CSP's script-src only when set.
   */
  ANALYTICS_TAG_URL: optionalText.pipe(tagUrl),
  MARKETING_TAG_URL: optionalText.pipe(tagUrl),
  CHAT_WIDGET_URL: optionalText.pipe(tagUrl),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  MONGODB_URI: optionalText.pipe(
    z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
      .optional(),
  ),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('marketplace'),
  EMBEDDED_MONGO_PORT: port.default(27018),
  /** `demo-…` project ids are the emulator's: Firebase serves no real project under them. */
  FIREBASE_PROJECT_ID: z.string().default('demo-marketplace'),
  /** Web API key for the browser SDK; any value works against the emulator. */
  FIREBASE_API_KEY: z.string().default(DEMO_API_KEY),
  FIREBASE_AUTH_DOMAIN: optionalText,
  /** A service-account JSON (the file's content). With it the server uses real Firebase. */
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  /** Use an already running Auth emulator (host:port) instead of starting one. */
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port')
      .optional(),
  ),
  FIREBASE_EMULATOR_PORT: port.default(9099),
  /** 32 bytes, base64: encrypts keys at rest. Without it a dev key is generated under DATA_DIR. */
  KEY_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
  ),
  /** reCAPTCHA v3 keys. Without a secret, sign-up accepts only the documented test token. */
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Awin (affiliate conversions). Without an API key a local sandbox takes the calls. */
  AWIN_BASE_URL: z.url().default('https://api.awin.com'),
  AWIN_ADVERTISER_ID: optionalText.pipe(
    z.string().regex(/^\d+$/, 'must be the numeric advertiser id').optional(),
  ),
  AWIN_API_KEY: optionalText,
  /** Port of the local Awin sandbox (no AWIN_API_KEY); 0 picks a free one. */
  AWIN_SANDBOX_PORT: port.default(0),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port). Without it mail stays in the outbox. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The shop's VAT rate in basis points (2200 = 22 %): the VAT the cart says its prices hold. */
  VAT_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(2200),
  /** Default: the shop's name <no-reply@marketplace.local> (mailFromOf). */
  MAIL_FROM: optionalText,
  /** Minutes an unpaid order holds its keys before they go back to stock. */
  ORDER_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** The most unpaid orders, and key units in them, one buyer may hold at once (4× per address). */
  ORDER_HOLD_MAX_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
  ORDER_HOLD_MAX_UNITS: z.coerce.number().int().min(1).max(100_000).default(25),
  /** Hours a seller has to replace or refund a claimed key before the line is refunded automatically. */
  CLAIM_RESPONSE_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** Abuse limits over their defaults, as `name=points/seconds,…` (middleware/rate-limit.ts). */
  RATE_LIMITS: RateLimitsSchema,
  /**
   * How recent a sign-in the sensitive actions need (routes declaring `recentSignIn`: API tokens,
   * webhooks, supplier credentials, roles, admin invitations, account deletion), in seconds.
   */
  RECENT_SIGN_IN_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * Seconds an unknown or revoked seller API token is remembered as such (0: read on every call).
   * A live token is read on every call, so a revocation counts at once on every instance.
   */
  API_TOKEN_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Seconds between runs of the job that sends sellers' webhooks. */
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Seconds between runs of the job that expires unpaid orders and recovers their keys. */
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Minutes a started payment may stay unsettled before the reconciliation job asks the provider. */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Seconds between runs of the payment reconciliation job. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Minutes between two syncs of a supplier connection's offers (stock and prices). */
  SUPPLIER_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  SUPPLIER_BREAKER_RESET_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Minutes an on-demand unit may wait for a supplier that does not answer (or whose breaker is
   * open) before its line is refunded to the buyer.
   */
  SUPPLIER_PATIENCE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Seconds between runs of the job that resumes on-demand purchases a crash or a silence left. */
  SUPPLIER_FULFILMENT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds an on-demand purchase is left to the request buying it before the job resumes it. */
  SUPPLIER_FULFILMENT_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Seconds a unit's purchase lease lasts without a heartbeat: how long a unit whose buying
   * instance died waits before another instance takes it over (renewed at a third of it).
   */
  SUPPLIER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * What a sale costs its seller besides the goods, as the floor of supplier-priced offers counts
   * it: a share of the gross price in basis points (payment processing, the marketplace's cut)
   * and a fixed amount per unit in EUR cents. No supplier-priced offer sells below cost plus these
   * (and the VAT its price holds).
   */
  MARKETPLACE_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(500),
  MARKETPLACE_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(10_000).default(30),
  /**
   * Sellers get paid: days a sale's credit stays pending after delivery (refunds and chargebacks
   * inside it debit pending money; a buyer may still report a defective key) before it is
   * available for payout; the least a payout sends,
   * in cents of its currency; minutes between runs of the job that runs the weekly payout run and
   * follows PayPal payouts still processing.
   */
  SELLER_HOLDBACK_DAYS: z.coerce.number().int().min(0).max(180).default(7),
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  PAYOUT_JOB_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /**
   * The payout run's period in minutes; unset, the weekly run (its week's Monday, UTC). Short
   * only to watch payouts fall due (the exactly-once bench).
   */
  PAYOUT_RUN_MINUTES: z.coerce.number().int().min(1).max(10_080).optional(),
  /** PayPal REST credentials. Without them payments go to the local PayPal sandbox. */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  /** The webhook's id in PayPal's dashboard, needed to verify deliveries. */
  PAYPAL_WEBHOOK_ID: optionalText,
  /** Default: api-m.paypal.com in production, api-m.sandbox.paypal.com otherwise. */
  PAYPAL_BASE_URL: optionalText.pipe(z.url().optional()),
  /** Checkout.com secret key (sk_…). Without it payments go to the local Checkout.com sandbox. */
  CHECKOUT_SECRET_KEY: optionalText.pipe(
    z.string().regex(/^sk_/, 'must be a secret key (sk_…)').optional(),
  ),
  /** The webhook's signature key (Cko-Signature HMAC). */
  CHECKOUT_WEBHOOK_SECRET: optionalText,
  CHECKOUT_PROCESSING_CHANNEL_ID: optionalText,
  /** Default: api.sandbox.checkout.com for sk_sbox_ keys, api.checkout.com otherwise. */
  CHECKOUT_BASE_URL: optionalText.pipe(z.url().optional()),
  /**
   * Each key supplier's API base URL (the real API). A supplier with none is offered to sellers
   * only where a local sandbox stands in for it (development and tests).
   */
  SUPPLIER_PREPAIDFORGE_URL: optionalText.pipe(z.url().optional()),
  SUPPLIER_WOCK_URL: optionalText.pipe(z.url().optional()),
  SUPPLIER_CODESWHOLESALE_URL: optionalText.pipe(z.url().optional()),
  SUPPLIER_BUYGAMESGURU_URL: optionalText.pipe(z.url().optional()),
  /** The local payment sandboxes: PayPal on this port, Checkout.com on the next (0: free ports). */
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65534).default(8301),
  SUPPLIER_SANDBOX_PORT: z.coerce.number().int().min(0).max(65532).default(8310),
  /**
   * The proxies in front whose X-Forwarded-For says who the client is: `false` (none, the
   * socket's address counts), `true` (one hop, as before), a hop count (`2`: a CDN then a load
   * balancer), or addresses and ranges (`10.0.0.0/8,loopback`; lib/remote-ip.ts).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, false, a hop count or addresses and ranges (${(err as Error).message})`,
        });
        return z.NEVER;
      }
    }),
  /**
   * The header in which the trusted proxy in front names the client's country (a CDN's
   * geolocation: `CF-IPCountry`, `CloudFront-Viewer-Country`): the third piece of VAT evidence
   * (docs/vat.md) and fraud screening's client country. Needs TRUST_PROXY.
   */
  CLIENT_COUNTRY_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
      .transform((name) => name.toLowerCase())
      .optional(),
  ),
  /**
   * What this instance does (README, Running several instances): `web` serves the routes and
   * runs no job, `worker` runs the jobs and answers only health, readiness and metrics over HTTP,
   * `all` does both (one process, the default).
   */
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /**
   * Cluster mode on one machine (`npm start -- --instances N` says the same): N web processes on
   * PORT and one worker, sharing the embedded engine, the Auth emulator and the sandboxes. 0: one
   * process, as ROLE says.
   */
  INSTANCES: z.coerce.number().int().min(0).max(64).default(0),
  /** Cluster mode: the worker's own port for health, readiness and metrics (default PORT + 1). */
  WORKER_PORT: z.preprocess((v) => (v === '' ? undefined : v), port.optional()),
  /**
   * After SIGTERM: seconds the instance keeps serving while /api/ready answers 503, so the load
   * balancer's health checks take it out of rotation before it stops accepting (default 10 in
   * production and staging, 0 elsewhere); then seconds in-flight requests and jobs have to finish.
   */
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(600).optional(),
  ),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Default: true outside production and staging (see the transform below). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Who may read GET /metrics besides this machine (loopback always may, unless it forwards a
   * proxied request): addresses and CIDR ranges, comma-separated (`10.0.0.0/8`), checked against
   * the client as TRUST_PROXY resolves it. Unset: nobody else.
   */
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseAddressRanges(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** A bearer token that lets any caller read GET /metrics (`Authorization: Bearer …`). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * The public pages' cache in front of the storefront and the public catalogue calls kept in
   * memory (docs/page-cache.md); `off` renders and reads each.
   */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Bound on the bytes the page cache holds (every page stored raw, gzip and brotli). */
  PAGE_CACHE_MAX_MB: z.coerce.number().positive().max(16_384).default(64),
  /** Seconds a cached page is served as is, then served stale while it is re-rendered. */
  PAGE_CACHE_FRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds after which a cached page is never served: the net for a change no write announced. */
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Crash tests only: comma-separated failpoints (lib/failpoints.ts) that SIGKILL the server. */
  FAILPOINTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(FAILPOINTS))),
});

/** The variable naming each supplier's API base URL. */
const SUPPLIER_URL_VARIABLES = {
  prepaidforge: 'SUPPLIER_PREPAIDFORGE_URL',
  wock: 'SUPPLIER_WOCK_URL',
  codeswholesale: 'SUPPLIER_CODESWHOLESALE_URL',
  buygamesguru: 'SUPPLIER_BUYGAMESGURU_URL',
} as const satisfies Record<SupplierId, keyof z.input<typeof EnvObject>>;

/** The parsed variables, before the defaults that depend on NODE_ENV. */
type ParsedEnv = z.output<typeof EnvObject>;

/** Where a real deployment runs: no offline convenience (demo data, emulator, sandboxes) allowed. */
const DEPLOYED: readonly NodeEnv[] = ['production', 'staging'];
/** Staging may still pay through the real providers' sandboxes; production may not. */
const PRODUCTION_ONLY: readonly NodeEnv[] = ['production'];

export function isDeployment(nodeEnv: NodeEnv): boolean {
  return DEPLOYED.includes(nodeEnv);
}

// A malformed URL is reported by its own variable's check; the rules then see no host.
const hostOf = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).hostname : '');

/** localhost, 127.0.0.0/8 or ::1: only this machine reaches it. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '::1'
  );
}

/** A URL on this machine: loopback, or the unspecified address a client sends to itself. */
function isLocalUrl(url: string | undefined): boolean {
  const host = hostOf(url);
  return isLoopbackHost(host) || host === '0.0.0.0' || host === '[::]';
}
const missing = (value: unknown) => !value;
const LOCAL_SANDBOX = 'must not be a loopback address (the local sandboxes are for development)';
const PAYMENT_CREDENTIAL =
  'is required (without it payments go to the local sandbox, which approves anything)';
const WEBHOOK_SECRET = "is required (without it the provider's webhooks cannot be verified)";

/**
 * What a deployment requires or refuses, one row per check: the start stops with every row that
 * fails (so one message names all offenders), before anything listens or is generated.
 */
const DEPLOYMENT_RULES: ReadonlyArray<{
  variable: keyof ParsedEnv;
  in: readonly NodeEnv[];
  refuses: (env: ParsedEnv) => boolean;
  message: string;
}> = [
  ...(['INVOICE_ISSUER_NAME', 'INVOICE_ISSUER_ADDRESS', 'INVOICE_ISSUER_VAT_NUMBER'] as const).map(
    (variable) => ({
      variable,
      in: DEPLOYED,
      refuses: (env: ParsedEnv) => missing(env[variable]),
      message: 'is required (every invoice names the marketplace as its issuer)',
    }),
  ),
  {
    variable: 'FIREBASE_SERVICE_ACCOUNT',
    in: DEPLOYED,
    refuses: (env) => missing(env.FIREBASE_SERVICE_ACCOUNT),
    message: 'is required (without it the Auth emulator starts, whose tokens are unsigned)',
  },
  {
    variable: 'FIREBASE_AUTH_EMULATOR_HOST',
    in: DEPLOYED,
    refuses: (env) => Boolean(env.FIREBASE_AUTH_EMULATOR_HOST),
    message: 'must not be set (emulator tokens are unsigned)',
  },
  {
    variable: 'FIREBASE_PROJECT_ID',
    in: DEPLOYED,
    refuses: (env) => env.FIREBASE_PROJECT_ID.startsWith('demo-'),
    message: 'must be your Firebase project (demo-… projects exist only in the emulator)',
  },
  {
    variable: 'FIREBASE_API_KEY',
    in: DEPLOYED,
    refuses: (env) => env.FIREBASE_API_KEY === DEMO_API_KEY,
    message: "is required (your Firebase project's web API key)",
  },
  {
    variable: 'MONGODB_URI',
    in: DEPLOYED,
    refuses: (env) => missing(env.MONGODB_URI),
    message: 'is required (the embedded engine is for development and tests)',
  },
  {
    variable: 'KEY_ENCRYPTION_KEY',
    in: DEPLOYED,
    refuses: (env) => missing(env.KEY_ENCRYPTION_KEY),
    message: 'is required (a key generated next to the data leaks and is lost with it)',
  },
  {
    variable: 'PUBLIC_ORIGIN',
    in: DEPLOYED,
    refuses: (env) => !env.PUBLIC_ORIGIN?.startsWith('https://'),
    message: 'is required and must be https://…',
  },
  ...(['ANALYTICS_TAG_URL', 'MARKETING_TAG_URL', 'CHAT_WIDGET_URL'] as const).map((variable) => ({
    variable,
    in: DEPLOYED,
    refuses: (env: ParsedEnv) => Boolean(env[variable]?.startsWith('http://')),
    message: 'must be https://… (an http script on an https page is blocked)',
  })),
  {
    variable: 'RECAPTCHA_SECRET',
    in: DEPLOYED,
    refuses: (env) => missing(env.RECAPTCHA_SECRET),
    message: 'is required (without it sign-up accepts the public test token)',
  },
  {
    variable: 'SMTP_URL',
    in: DEPLOYED,
    refuses: (env) => missing(env.SMTP_URL),
    message: 'is required (without it no mail leaves the outbox)',
  },
  ...(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'CHECKOUT_SECRET_KEY'] as const).map(
    (variable) => ({
      variable,
      in: DEPLOYED,
      refuses: (env: ParsedEnv) => missing(env[variable]),
      message: PAYMENT_CREDENTIAL,
    }),
  ),
  ...(['PAYPAL_WEBHOOK_ID', 'CHECKOUT_WEBHOOK_SECRET'] as const).map((variable) => ({
    variable,
    in: DEPLOYED,
    refuses: (env: ParsedEnv) => missing(env[variable]),
    message: WEBHOOK_SECRET,
  })),
  {
    variable: 'CHECKOUT_SECRET_KEY',
    in: PRODUCTION_ONLY,
    refuses: (env) => Boolean(env.CHECKOUT_SECRET_KEY?.startsWith('sk_sbox_')),
    message: 'must be a live key (sk_sbox_ keys take no real money)',
  },
  {
    variable: 'PAYPAL_BASE_URL',
    in: PRODUCTION_ONLY,
    refuses: (env) => hostOf(env.PAYPAL_BASE_URL).endsWith('sandbox.paypal.com'),
    message: "must not be PayPal's sandbox",
  },
  {
    variable: 'CHECKOUT_BASE_URL',
    in: PRODUCTION_ONLY,
    refuses: (env) => hostOf(env.CHECKOUT_BASE_URL).endsWith('sandbox.checkout.com'),
    message: "must not be Checkout.com's sandbox",
  },
  ...(
    [
      'PAYPAL_BASE_URL',
      'CHECKOUT_BASE_URL',
      'AWIN_BASE_URL',
      ...Object.values(SUPPLIER_URL_VARIABLES),
    ] as const
  ).map((variable) => ({
    variable,
    in: DEPLOYED,
    refuses: (env: ParsedEnv) => isLocalUrl(env[variable]),
    message: LOCAL_SANDBOX,
  })),
  {
    variable: 'SEED_DEMO_DATA',
    in: DEPLOYED,
    refuses: (env) => env.SEED_DEMO_DATA === 'true',
    message: 'must not be true (it creates admin@example.com with the password in the README)',
  },
  {
    variable: 'FAILPOINTS',
    in: DEPLOYED,
    refuses: (env) => env.FAILPOINTS.length > 0,
    message: 'must not be set (a failpoint kills the server)',
  },
];

/** Every variable parsed, checked against the rules of its NODE_ENV, and the dependent defaults. */
export const EnvSchema = EnvObject.superRefine((env, ctx) => {
  for (const rule of DEPLOYMENT_RULES) {
    if (rule.in.includes(env.NODE_ENV) && rule.refuses(env)) {
      ctx.addIssue({ code: 'custom', path: [rule.variable], message: rule.message });
    }
  }
  if (env.AWIN_API_KEY && !env.AWIN_ADVERTISER_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['AWIN_ADVERTISER_ID'],
      message: 'is required with AWIN_API_KEY',
    });
  }
  if (env.CLIENT_COUNTRY_HEADER && !env.TRUST_PROXY) {
    ctx.addIssue({
      code: 'custom',
      path: ['CLIENT_COUNTRY_HEADER'],
      message: 'needs TRUST_PROXY: without a proxy in front, any client could name its country',
    });
  }
  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'],
      message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
    });
  }
  if (env.FIREBASE_SERVICE_ACCOUNT) {
    try {
      JSON.parse(env.FIREBASE_SERVICE_ACCOUNT);
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_SERVICE_ACCOUNT'],
        message: 'must be the JSON of a service account',
      });
    }
  }
}).transform((env) => ({
  ...env,
  SEED_DEMO_DATA: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : !isDeployment(env.NODE_ENV),
  SHUTDOWN_GRACE_SECONDS: env.SHUTDOWN_GRACE_SECONDS ?? (isDeployment(env.NODE_ENV) ? 10 : 0),
}));
export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = configIssues(env, result.error.issues).map(
    (i) => `  ${i.path.join('.')}: ${i.message}`,
  );
  const nodeEnv = env.NODE_ENV || 'development';
  throw new ConfigError(`Invalid configuration (NODE_ENV=${nodeEnv}):\n${lines.join('\n')}`);
}

/**
 * Every issue of `env`. A malformed variable stops zod before the rules run, so they run again
 * without the malformed ones: the one message also names what the rules require or refuse.
 */
function configIssues(env: NodeJS.ProcessEnv, shapeIssues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const malformed = new Set(shapeIssues.map((i) => i.path[0]));
  const rest = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([name]) => !malformed.has(name))),
  );
  const ruleIssues = rest.success ? [] : rest.error.issues;
  return [...shapeIssues, ...ruleIssues.filter((i) => !malformed.has(i.path[0]))];
}

/** Which identity provider the config selects. */
export function identityMode(config: Config): 'firebase' | 'emulator' {
  return config.FIREBASE_SERVICE_ACCOUNT && !config.FIREBASE_AUTH_EMULATOR_HOST
    ? 'firebase'
    : 'emulator';
}

/**
 * The address the HTTP server binds. With the emulator, loopback: its tokens are unsigned, so
 * anyone reaching the port could forge an admin. With real Firebase every interface, as a
 * container needs. HOST overrides either (main.ts warns when it exposes the emulator).
 */
export function listenHost(config: Config): string {
  return config.HOST ?? (identityMode(config) === 'emulator' ? '127.0.0.1' : '0.0.0.0');
}

/**
 * The shop's one public origin: links in mails, payment returns, the sitemap, and where page
 * requests arriving under another host name are redirected. Offline it is localhost.
 */
export function publicOriginOf(config: Pick<Config, 'PUBLIC_ORIGIN' | 'PORT'>): string {
  return config.PUBLIC_ORIGIN
    ? new URL(config.PUBLIC_ORIGIN).origin
    : `http://localhost:${config.PORT}`;
}

/** The sender of the shop's mails: MAIL_FROM, else no-reply under the shop's name. */
export function mailFromOf(config: Pick<Config, 'MAIL_FROM' | 'SHOP_NAME'>): string {
  return config.MAIL_FROM ?? `${config.SHOP_NAME} <no-reply@marketplace.local>`;
}

/** The suppliers' API base URLs the configuration names (SUPPLIER_<ID>_URL). */
export function supplierUrlsOf(config: Config): Partial<Record<SupplierId, string>> {
  return Object.fromEntries(
    SUPPLIER_IDS.flatMap((id) => {
      const url = config[SUPPLIER_URL_VARIABLES[id]];
      return url ? [[id, url]] : [];
    }),
  );
}
