import { isDeployment, type Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createAwinClient, type AwinClient } from './awin-client.ts';

/** Where the offline Awin sandbox listens and what it accepts, given by the entry point. */
export type AwinSandboxAccess = { url: string; advertiserId: string; apiKey: string };

export type AwinConnection = {
  /** None in production and staging without AWIN_API_KEY: affiliate reporting is off. */
  client: AwinClient | null;
  /** The local sandbox taking the calls, when no AWIN_API_KEY is configured. */
  sandbox: { url: string } | null;
  close(): Promise<void>;
};

const off: AwinConnection = { client: null, sandbox: null, close: async () => undefined };

/**
 * Awin's API with AWIN_API_KEY; without one, the local sandbox `offline` names (the entry point
 * starts it, runtime/offline-services.ts, so this client never loads it), except in production
 * and staging, where no conversion is reported.
 */
export async function connectAwin(
  config: Config,
  log: Logger,
  offline: AwinSandboxAccess | null = null,
): Promise<AwinConnection> {
  if (config.AWIN_API_KEY) {
    return {
      client: createAwinClient({
        baseUrl: config.AWIN_BASE_URL,
        advertiserId: config.AWIN_ADVERTISER_ID!,
        apiKey: config.AWIN_API_KEY,
      }),
      sandbox: null,
      close: async () => undefined,
    };
  }
  if (isDeployment(config.NODE_ENV) || !offline) {
    log.info('affiliate reporting off (no AWIN_API_KEY)');
    return off;
  }
  log.info({ url: offline.url }, 'Awin sandbox (no AWIN_API_KEY)');
  return {
    client: createAwinClient({
      baseUrl: offline.url,
      advertiserId: config.AWIN_ADVERTISER_ID ?? offline.advertiserId,
      apiKey: offline.apiKey,
    }),
    sandbox: { url: offline.url },
    close: async () => undefined,
  };
}
