import type { Db } from 'mongodb';
import type { AppDeps } from './app.ts';
import { publicOriginOf, type Config } from './config.ts';
import type { Identity } from './identity/firebase.ts';
import { createAffiliateReporter } from './integrations/awin/affiliate-reporter.ts';
import type { AwinClient } from './integrations/awin/awin-client.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import type { PaymentProviderName } from './integrations/payments/payment-provider.ts';
import { createPaymentProviders } from './integrations/payments/payment-providers.ts';
import { createRecaptcha } from './integrations/recaptcha/recaptcha.ts';
import type { Logger } from './logger.ts';
import { createAffiliateReportRepository } from './modules/attribution/affiliate-reports.repository.ts';
import { createKeyVault, loadMasterKey } from './modules/keys/key-vault.ts';
import { createOutboxRepository } from './modules/outbox/outbox.repository.ts';

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
}): AppDeps {
  const { config, db, identity, log } = args;
  return {
    db,
    auth: identity.auth,
    log,
    health: { status: 'ok', database: args.databaseMode, identity: identity.mode },
    clientConfig: identity.clientConfig,
    mailer: createMailer({
      outbox: createOutboxRepository(db),
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log,
    }),
    recaptcha: createRecaptcha({
      secret: config.RECAPTCHA_SECRET,
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      log,
    }),
    vault: createKeyVault(loadMasterKey(config)),
    publicOrigin: publicOriginOf(config),
    trustProxy: config.TRUST_PROXY,
    orderReservationMinutes: config.ORDER_RESERVATION_MINUTES,
    orderHolds: { orders: config.ORDER_HOLD_MAX_ORDERS, units: config.ORDER_HOLD_MAX_UNITS },
    rateLimits: config.RATE_LIMITS,
    payments: createPaymentProviders(config, args.paymentSandboxUrls, log),
    vatRateBps: config.VAT_RATE_BPS,
    affiliate: args.awin
      ? createAffiliateReporter({
          reports: createAffiliateReportRepository(db),
          awin: args.awin,
          log,
        })
      : undefined,
  };
}
