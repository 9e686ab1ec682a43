import path from 'node:path';
import type { SupplierId } from '@market/shared';
import { identityMode, isDeployment, type Config } from '../config.ts';
import { startAuthEmulator } from '../identity/auth-emulator.ts';
import type { AwinSandboxAccess } from '../integrations/awin/awin.ts';
import { sandboxedProviders } from '../integrations/payments/payment-providers.ts';
import type { PaymentProviderName } from '../integrations/payments/payment-provider.ts';
import type { Logger } from '../logger.ts';
import {
  AWIN_SANDBOX_ADVERTISER_ID,
  AWIN_SANDBOX_API_KEY,
  startAwinSandbox,
} from '../sandboxes/awin/index.ts';
import { startPaymentSandboxes } from '../sandboxes/payments.ts';
import { startSupplierSandboxes } from '../sandboxes/suppliers/index.ts';

/**
 * The offline stand-ins an instance talks to instead of real services: the Auth emulator, the
 * payment sandboxes, the supplier sandboxes and the Awin sandbox. Started by the entry point alone (one process:
 * itself; cluster mode: the primary, once, for every child), never by a production client.
 */
export type OfflineServices = {
  /** The Auth emulator's host:port, or null with real Firebase. */
  emulatorHost: string | null;
  paymentSandboxUrls: Partial<Record<PaymentProviderName, string>>;
  /** None when deployed: there each supplier is reached only at its SUPPLIER_<ID>_URL. */
  supplierSandboxUrls?: Partial<Record<SupplierId, string>>;
  /** None with AWIN_API_KEY, or deployed (no affiliate reporting then). */
  awin: AwinSandboxAccess | null;
};

export type StartedOfflineServices = OfflineServices & {
  /** Where the payment sandboxes send their webhooks: the shop's own port. */
  setWebhookOrigin(origin: string): void;
  close(): Promise<void>;
};

/** The variable through which a cluster primary tells its children where the stand-ins run. */
const OFFLINE_SERVICES_VARIABLE = 'MARKET_OFFLINE_SERVICES';

export const offlineServicesEnv = (services: OfflineServices): Record<string, string> => ({
  [OFFLINE_SERVICES_VARIABLE]: JSON.stringify(services),
});

/** What the cluster primary started for this child, or null outside cluster mode. */
export function offlineServicesFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): OfflineServices | null {
  const text = env[OFFLINE_SERVICES_VARIABLE];
  return text ? (JSON.parse(text) as OfflineServices) : null;
}

/**
 * Starts what the config asks to stand in for: the Auth emulator (emulator sign-in without
 * FIREBASE_AUTH_EMULATOR_HOST), the payment sandboxes (providers without credentials), the
 * supplier sandboxes (never deployed). On a failure what was started is stopped and it throws.
 */
export async function startOfflineServices(
  config: Config,
  log: Logger,
): Promise<StartedOfflineServices> {
  const stops: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const emulator =
      identityMode(config) === 'emulator' && !config.FIREBASE_AUTH_EMULATOR_HOST
        ? await startAuthEmulator({
            port: config.FIREBASE_EMULATOR_PORT,
            projectId: config.FIREBASE_PROJECT_ID,
            dir: path.join(config.DATA_DIR, 'firebase'),
            persist: true,
            log,
          })
        : null;
    if (emulator) stops.push(() => emulator.stop());
    // Without provider credentials, payments go to local sandboxes that keep their state on disk.
    const payments = await startPaymentSandboxes({
      which: sandboxedProviders(config),
      port: config.PAYMENT_SANDBOX_PORT,
      dir: path.join(config.DATA_DIR, 'payments'),
      log,
    }).catch((err: unknown) => {
      throw new Error('could not start the payment sandboxes (PAYMENT_SANDBOX_PORT and the next)', {
        cause: err,
      });
    });
    stops.push(() => payments.close());
    // Offline, sellers connect to local sandboxes of the four key suppliers.
    const suppliers = isDeployment(config.NODE_ENV)
      ? null
      : await startSupplierSandboxes({
          port: config.SUPPLIER_SANDBOX_PORT,
          dir: path.join(config.DATA_DIR, 'suppliers'),
          log,
        }).catch((err: unknown) => {
          throw new Error('could not start the supplier sandboxes (SUPPLIER_SANDBOX_PORT … +3)', {
            cause: err,
          });
        });
    if (suppliers) stops.push(() => suppliers.close());
    // Affiliate conversions go to a local stand-in speaking Awin's API when no key is configured.
    const awin =
      config.AWIN_API_KEY || isDeployment(config.NODE_ENV)
        ? null
        : await startAwinSandbox({ port: config.AWIN_SANDBOX_PORT });
    if (awin) stops.push(() => awin.close());
    return {
      emulatorHost: emulator?.host ?? config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      paymentSandboxUrls: payments.urls,
      supplierSandboxUrls: suppliers?.urls,
      awin: awin && {
        url: awin.url,
        advertiserId: AWIN_SANDBOX_ADVERTISER_ID,
        apiKey: AWIN_SANDBOX_API_KEY,
      },
      setWebhookOrigin: (origin) => payments.setWebhookOrigin(origin),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
