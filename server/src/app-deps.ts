import type { Db } from 'mongodb';
import type { Auth } from 'firebase-admin/auth';
import type { ClientConfig, Health } from '@market/shared';
import { isDeployment, mailFromOf, publicOriginOf, supplierUrlsOf, type Config } from './config.ts';
import type { Identity } from './identity/firebase.ts';
import type { AwinClient } from './integrations/awin/awin-client.ts';
import {
  createSupplierDirectory,
  type SupplierDirectory,
} from './integrations/suppliers/directory.ts';
import type { SupplierId } from './integrations/suppliers/supplier.ts';
import type {
  PaymentProviderName,
  PaymentProviders,
} from './integrations/payments/payment-provider.ts';
import {
  createPaymentProviders,
  createPaypalPayoutsClient,
} from './integrations/payments/payment-providers.ts';
import type { PaypalPayouts } from './integrations/payments/paypal/paypal-payouts.ts';
import { createRecaptcha, type Recaptcha } from './integrations/recaptcha/recaptcha.ts';
import type { Limits } from './lib/rate-limit-config.ts';
import type { Logger } from './logger.ts';
import { createKeyVault, loadMasterKey, type KeyVault } from './modules/keys/key-vault.ts';
import type { PageCacheSettings } from './page-cache/page-cache.ts';
import { createPageChanges } from './page-cache/page-changes.ts';
import { invalidatingDb } from './page-cache/page-invalidation.ts';
import type { MarketplaceFees } from './modules/offers/supplier-pricing.ts';
import type { TrustProxy } from './lib/remote-ip.ts';
import type { MetricsAccess } from './observability/metrics-access.ts';

/**
 * What the app runs on: the configuration it needs and the clients of what lives outside it.
 * Every field is settled here from `config.ts` (which owns the defaults); `container.ts` builds
 * the repositories and services on top of it.
 */
export type AppDeps = {
  db: Db;
  auth: Auth;
  log: Logger;
  health: Health;
  clientConfig: ClientConfig;
  recaptcha: Recaptcha;
  /** Encrypts and hashes product keys (built from the master key). */
  vault: KeyVault;
  /** Absolute origin for links in mails. */
  publicOrigin: string;
  /** The proxies whose X-Forwarded-For counts (TRUST_PROXY); none: the socket address counts. */
  trustProxy: TrustProxy;
  /** The header in which that proxy names the client's country (CLIENT_COUNTRY_HEADER). */
  clientCountryHeader: string | null;
  /** Who besides this machine may read GET /metrics (METRICS_ALLOW, METRICS_TOKEN). */
  metrics: MetricsAccess;
  /** How long an unpaid order holds its keys (ORDER_RESERVATION_MINUTES). */
  orderReservationMinutes: number;
  /** Days after delivery a sale is held back and a buyer may claim a defective key (SELLER_HOLDBACK_DAYS). */
  sellerHoldbackDays: number;
  /** Hours a seller has to answer a claim before its line is refunded (CLAIM_RESPONSE_HOURS). */
  claimResponseHours: number;
  /** PayPal and Checkout.com clients: the real APIs with credentials, else the local sandboxes. */
  payments: PaymentProviders;
  /** The shop's VAT rate in basis points (VAT_RATE_BPS). */
  vatRateBps: number;
  /** The marketplace as its invoices name it (INVOICE_ISSUER_*; a demo identity offline). */
  invoiceIssuer: { name: string; address: string; vatNumber: string; country: string };
  /** The abuse limits (RATE_LIMITS over the defaults in middleware/rate-limit.ts). */
  rateLimits: Limits;
  /** What one buyer's unpaid orders may hold (ORDER_HOLD_MAX_ORDERS, ORDER_HOLD_MAX_UNITS). */
  orderHolds: { orders: number; units: number };
  /** Outgoing mail: SMTP_URL (none: mails are only kept in the outbox) and MAIL_FROM. */
  mail: { smtpUrl: string | undefined; from: string; signature?: string; logoUrl?: string };
  /** Awin's client (the API, or its local sandbox); none: no conversion is reported. */
  awin: AwinClient | null;
  /**
   * Supplier-backed offers: the fees their price floor counts (MARKETPLACE_FEE_BPS,
   * MARKETPLACE_FEE_FIXED_CENTS) and the minutes between syncs (SUPPLIER_SYNC_MINUTES).
   */
  supplierOffers: {
    fees: MarketplaceFees;
    syncMinutes: number;
    patienceMinutes: number;
    /** How long a unit's purchase lease lasts without a heartbeat (SUPPLIER_LEASE_SECONDS). */
    leaseSeconds?: number;
  };
  /** Sellers' payouts: PayPal Payouts (the API or its local sandbox) and the least a payout sends. */
  payouts: { paypal: PaypalPayouts; minimumCents: number };
  /**
   * The periods modules declare their background jobs with (the instances whose ROLE runs jobs
   * start them): order expiry, the payout job and its run, webhook deliveries.
   */
  schedule: {
    orderExpiryMs: number;
    payoutEveryMs: number;
    payoutRunMinutes: number | undefined;
    webhookEveryMs: number;
  };
  /** The key suppliers sellers connect to: their real APIs (SUPPLIER_<ID>_URL) or local sandboxes. */
  suppliers: SupplierDirectory;
  /** The public pages' cache (PAGE_CACHE*) and the bus on which `db`'s writes invalidate it. */
  pageCache: PageCacheSettings;
  /**
   * Sellers' API tokens and webhooks: how long a dead token is remembered
   * (API_TOKEN_CACHE_SECONDS), and whether webhooks may target loopback and private addresses
   * (offline only: never in production or staging).
   */
  sellerApi: { tokenCacheMs: number; allowPrivateWebhookUrls: boolean };
  /** How recent a sign-in the sensitive actions need (RECENT_SIGN_IN_SECONDS). */
  recentSignInSeconds: number;
};

/** Everything the app needs, wired from the config: one place for main.ts and the tests. */
export function buildAppDeps(args: {
  config: Config;
  db: Db;
  identity: Identity;
  log: Logger;
  databaseMode: 'embedded' | 'external';
  /** Base URLs of the running payment sandboxes (see startPaymentSandboxes). */
  paymentSandboxUrls?: Partial<Record<PaymentProviderName, string>>;
  /** Awin's client (see connectAwin); without it no conversion is reported. */
  awin?: AwinClient | null;
  /** Base URLs of running supplier sandboxes; a SUPPLIER_<ID>_URL in the config wins. */
  supplierSandboxUrls?: Partial<Record<SupplierId, string>>;
}): AppDeps {
  const { config, identity, log } = args;
  // Writes that change public pages drop them from the page cache before they answer.
  const pageChanges = createPageChanges();
  const db = invalidatingDb(args.db, pageChanges, log);
  return {
    db,
    auth: identity.auth,
    log,
    health: { status: 'ok', database: args.databaseMode, identity: identity.mode },
    clientConfig: identity.clientConfig,
    recaptcha: createRecaptcha({
      secret: config.RECAPTCHA_SECRET,
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      log,
    }),
    vault: createKeyVault(loadMasterKey(config)),
    publicOrigin: publicOriginOf(config),
    trustProxy: config.TRUST_PROXY,
    clientCountryHeader: config.CLIENT_COUNTRY_HEADER ?? null,
    metrics: { allow: config.METRICS_ALLOW, token: config.METRICS_TOKEN },
    orderReservationMinutes: config.ORDER_RESERVATION_MINUTES,
    sellerHoldbackDays: config.SELLER_HOLDBACK_DAYS,
    claimResponseHours: config.CLAIM_RESPONSE_HOURS,
    orderHolds: { orders: config.ORDER_HOLD_MAX_ORDERS, units: config.ORDER_HOLD_MAX_UNITS },
    rateLimits: config.RATE_LIMITS,
    payments: createPaymentProviders(config, args.paymentSandboxUrls, log),
    vatRateBps: config.VAT_RATE_BPS,
    invoiceIssuer: {
      // Offline only: a deployment refuses to start without the three (config.ts).
      name: config.INVOICE_ISSUER_NAME ?? `${config.SHOP_NAME} Marketplace S.r.l. (demo)`,
      address: config.INVOICE_ISSUER_ADDRESS ?? 'Via Roma 1, 20121 Milano MI, Italia',
      vatNumber: config.INVOICE_ISSUER_VAT_NUMBER ?? 'IT00000000000',
      // A VAT number starts with its country's code (Greece's EL aside: then GR).
      country: (config.INVOICE_ISSUER_VAT_NUMBER ?? 'IT')
        .slice(0, 2)
        .toUpperCase()
        .replace('EL', 'GR'),
    },
    mail: {
      smtpUrl: config.SMTP_URL,
      from: mailFromOf(config),
      signature: config.SHOP_NAME,
      ...(config.SHOP_LOGO_URL && { logoUrl: config.SHOP_LOGO_URL }),
    },
    awin: args.awin ?? null,
    supplierOffers: {
      fees: { bps: config.MARKETPLACE_FEE_BPS, fixedCents: config.MARKETPLACE_FEE_FIXED_CENTS },
      syncMinutes: config.SUPPLIER_SYNC_MINUTES,
      patienceMinutes: config.SUPPLIER_PATIENCE_MINUTES,
      leaseSeconds: config.SUPPLIER_LEASE_SECONDS,
    },
    payouts: {
      paypal: createPaypalPayoutsClient(config, args.paymentSandboxUrls, log),
      minimumCents: config.PAYOUT_MINIMUM_CENTS,
    },
    schedule: {
      orderExpiryMs: config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000,
      payoutEveryMs: config.PAYOUT_JOB_INTERVAL_MINUTES * 60_000,
      payoutRunMinutes: config.PAYOUT_RUN_MINUTES,
      webhookEveryMs: config.WEBHOOK_INTERVAL_SECONDS * 1000,
    },
    suppliers: createSupplierDirectory({
      urls: { ...args.supplierSandboxUrls, ...supplierUrlsOf(config) },
      http: { halfOpenAfterMs: config.SUPPLIER_BREAKER_RESET_SECONDS * 1000 },
      log,
    }),
    pageCache: {
      enabled: config.PAGE_CACHE === 'on',
      maxBytes: Math.round(config.PAGE_CACHE_MAX_MB * 1024 * 1024),
      freshMs: config.PAGE_CACHE_FRESH_SECONDS * 1000,
      maxAgeMs: config.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
      changes: pageChanges,
    },
    sellerApi: {
      tokenCacheMs: config.API_TOKEN_CACHE_SECONDS * 1000,
      allowPrivateWebhookUrls: !isDeployment(config.NODE_ENV),
    },
    recentSignInSeconds: config.RECENT_SIGN_IN_SECONDS,
  };
}
