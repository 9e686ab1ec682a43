import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FAILPOINTS } from './lib/failpoints.ts';
import { RateLimitsSchema } from './lib/rate-limit-config.ts';

/** Repository root, so defaults such as `.data/` do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every environment variable the server reads. Anything invalid stops the start, naming the variable. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['test', 'development', 'staging', 'production']).default('development'),
    PORT: port.default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** Public origin of the shop, used in absolute links (mails, sitemap). */
    PUBLIC_ORIGIN: z.url().optional(),
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
    FIREBASE_PROJECT_ID: z.string().default('demo-marketplace'),
    /** Web API key for the browser SDK; any value works against the emulator. */
    FIREBASE_API_KEY: z.string().default('demo-api-key'),
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
    MAIL_FROM: z.string().default('Marketplace <no-reply@marketplace.local>'),
    /** Minutes an unpaid order holds its keys before they go back to stock. */
    ORDER_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** The most unpaid orders, and key units in them, one buyer may hold at once (4× per address). */
    ORDER_HOLD_MAX_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
    ORDER_HOLD_MAX_UNITS: z.coerce.number().int().min(1).max(100_000).default(25),
    /** Abuse limits over their defaults, as `name=points/seconds,…` (middleware/rate-limit.ts). */
    RATE_LIMITS: RateLimitsSchema,
    /** Seconds between runs of the job that expires unpaid orders and recovers their keys. */
    ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Minutes a started payment may stay unsettled before the reconciliation job asks the provider. */
    PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
    /** Seconds between runs of the payment reconciliation job. */
    PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
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
    /** The local payment sandboxes: PayPal on this port, Checkout.com on the next (0: free ports). */
    PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65534).default(8301),
    /** Behind a reverse proxy: take the client address from its X-Forwarded-For, else the socket's. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production: emulator tokens are unsigned',
      });
    }
    if (env.NODE_ENV === 'production' && env.FAILPOINTS.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['FAILPOINTS'],
        message: 'must not be set in production: a failpoint kills the server',
      });
    }
    if (env.AWIN_API_KEY && !env.AWIN_ADVERTISER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWIN_ADVERTISER_ID'],
        message: 'is required with AWIN_API_KEY',
      });
    }
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'],
        message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
      });
    }
    if (env.NODE_ENV === 'production') {
      // The local payment sandboxes approve anything: production needs the real providers.
      for (const name of [
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'PAYPAL_WEBHOOK_ID',
        'CHECKOUT_SECRET_KEY',
        'CHECKOUT_WEBHOOK_SECRET',
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
        }
      }
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
  });
export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Which identity provider the config selects. */
export function identityMode(config: Config): 'firebase' | 'emulator' {
  return config.FIREBASE_SERVICE_ACCOUNT && !config.FIREBASE_AUTH_EMULATOR_HOST
    ? 'firebase'
    : 'emulator';
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
