import { isDeployment, type Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createCheckoutClient } from './checkout-com/checkout-client.ts';
import { CHECKOUT_SANDBOX_CREDENTIALS, PAYPAL_SANDBOX_CREDENTIALS } from './sandbox-credentials.ts';
import type { PaymentProviderName, PaymentProviders } from './payment-provider.ts';
import { createPaypalApi, createPaypalClient, type PaypalConfig } from './paypal/paypal-client.ts';
import { createPaypalPayouts, type PaypalPayouts } from './paypal/paypal-payouts.ts';

/**
 * Which providers run against the local sandbox: those without credentials in the config. Never
 * in production or staging (the config refuses them there; this keeps it so if that changes).
 */
export function sandboxedProviders(config: Config): Record<PaymentProviderName, boolean> {
  const sandboxed = {
    paypal: !(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET),
    checkout: !config.CHECKOUT_SECRET_KEY,
  };
  if (isDeployment(config.NODE_ENV) && (sandboxed.paypal || sandboxed.checkout)) {
    throw new Error(`the local payment sandboxes never run in ${config.NODE_ENV}`);
  }
  return sandboxed;
}

/**
 * Both providers from the config: the real APIs when credentials are given, else the local
 * sandboxes at `sandboxUrls` (by default where `startPaymentSandboxes` puts them for the
 * configured port). The config refuses production without credentials.
 */
export function createPaymentProviders(
  config: Config,
  sandboxUrls: Partial<Record<PaymentProviderName, string>> = {},
  log?: Logger,
): PaymentProviders {
  const sandboxed = sandboxedProviders(config);
  const local = (offset: number) => `http://127.0.0.1:${config.PAYMENT_SANDBOX_PORT + offset}`;
  return {
    paypal: createPaypalClient(paypalConfig(config, sandboxUrls, log)),
    checkout: sandboxed.checkout
      ? createCheckoutClient({
          baseUrl: sandboxUrls.checkout ?? local(1),
          secretKey: CHECKOUT_SANDBOX_CREDENTIALS.secretKey,
          webhookSecret: CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret,
          log,
        })
      : createCheckoutClient({
          baseUrl:
            config.CHECKOUT_BASE_URL ??
            (config.CHECKOUT_SECRET_KEY!.startsWith('sk_sbox_')
              ? 'https://api.sandbox.checkout.com'
              : 'https://api.checkout.com'),
          secretKey: config.CHECKOUT_SECRET_KEY!,
          webhookSecret: config.CHECKOUT_WEBHOOK_SECRET ?? null,
          processingChannelId: config.CHECKOUT_PROCESSING_CHANNEL_ID,
          log,
        }),
  };
}

/** PayPal's API as the config gives it: the real one with credentials, else the local sandbox. */
function paypalConfig(
  config: Config,
  sandboxUrls: Partial<Record<PaymentProviderName, string>>,
  log?: Logger,
): PaypalConfig {
  const live = config.NODE_ENV === 'production';
  return sandboxedProviders(config).paypal
    ? {
        baseUrl: sandboxUrls.paypal ?? `http://127.0.0.1:${config.PAYMENT_SANDBOX_PORT}`,
        clientId: PAYPAL_SANDBOX_CREDENTIALS.clientId,
        clientSecret: PAYPAL_SANDBOX_CREDENTIALS.clientSecret,
        webhookId: PAYPAL_SANDBOX_CREDENTIALS.webhookId,
        log,
      }
    : {
        baseUrl:
          config.PAYPAL_BASE_URL ??
          (live ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
        clientId: config.PAYPAL_CLIENT_ID!,
        clientSecret: config.PAYPAL_CLIENT_SECRET!,
        webhookId: config.PAYPAL_WEBHOOK_ID ?? null,
        log,
      };
}

/** PayPal Payouts (sellers' payouts) on the same PayPal account and API as the payments. */
export function createPaypalPayoutsClient(
  config: Config,
  sandboxUrls: Partial<Record<PaymentProviderName, string>> = {},
  log?: Logger,
): PaypalPayouts {
  return createPaypalPayouts(createPaypalApi(paypalConfig(config, sandboxUrls, log)));
}
