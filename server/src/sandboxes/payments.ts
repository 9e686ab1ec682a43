import type { PaymentProviderName } from '../integrations/payments/payment-provider.ts';
import type { Logger } from '../logger.ts';
import { startCheckoutSandbox } from './checkout-com/index.ts';
import { startPaypalSandbox } from './paypal/index.ts';

/**
 * Where the marketplace receives each provider's webhooks. The routes are wave 2's to mount;
 * the sandboxes post here, and the real providers' dashboards should name the same paths.
 */
export const PAYMENT_WEBHOOK_PATHS: Record<PaymentProviderName, string> = {
  paypal: '/api/payments/webhooks/paypal',
  checkout: '/api/payments/webhooks/checkout',
};

export type PaymentSandboxes = {
  /** Base URL of each running sandbox (absent: that provider has real credentials). */
  urls: Partial<Record<PaymentProviderName, string>>;
  /** The marketplace's origin, once it listens: webhooks go to it (until then they wait). */
  setWebhookOrigin(origin: string): void;
  close(): Promise<void>;
};

/**
 * Starts the local sandboxes of the providers named in `which`: PayPal on `port`, Checkout.com
 * on `port + 1` (0: free ports), each keeping its state under `dir`, so restarting the
 * marketplace keeps the payments it made.
 */
export async function startPaymentSandboxes(opts: {
  which: Record<PaymentProviderName, boolean>;
  port: number;
  dir: string;
  webhookOrigin?: string;
  log?: Logger;
}): Promise<PaymentSandboxes> {
  const hook = (provider: PaymentProviderName) =>
    opts.webhookOrigin ? `${opts.webhookOrigin}${PAYMENT_WEBHOOK_PATHS[provider]}` : null;
  const [paypal, checkout] = await Promise.all([
    opts.which.paypal
      ? startPaypalSandbox({
          port: opts.port,
          dir: opts.dir,
          webhookUrl: hook('paypal'),
          log: opts.log,
        })
      : null,
    opts.which.checkout
      ? startCheckoutSandbox({
          port: opts.port === 0 ? 0 : opts.port + 1,
          dir: opts.dir,
          webhookUrl: hook('checkout'),
          log: opts.log,
        })
      : null,
  ]);
  return {
    urls: {
      ...(paypal ? { paypal: paypal.url } : {}),
      ...(checkout ? { checkout: checkout.url } : {}),
    },
    setWebhookOrigin(origin) {
      paypal?.setWebhookUrl(`${origin}${PAYMENT_WEBHOOK_PATHS.paypal}`);
      checkout?.setWebhookUrl(`${origin}${PAYMENT_WEBHOOK_PATHS.checkout}`);
    },
    async close() {
      await Promise.all([paypal?.close(), checkout?.close()]);
    },
  };
}
