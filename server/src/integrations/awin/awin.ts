import { isDeployment, type Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createAwinClient, type AwinClient } from './awin-client.ts';
import {
  AWIN_SANDBOX_ADVERTISER_ID,
  AWIN_SANDBOX_API_KEY,
  startAwinSandbox,
  type AwinSandbox,
} from '../../sandboxes/awin/index.ts';

export type AwinConnection = {
  /** None in production and staging without AWIN_API_KEY: affiliate reporting is off. */
  client: AwinClient | null;
  /** The local sandbox taking the calls, when no AWIN_API_KEY is configured. */
  sandbox: AwinSandbox | null;
  close(): Promise<void>;
};

/**
 * Awin's API with AWIN_API_KEY; without one, a local sandbox started here, except in production
 * and staging, where the sandbox never starts and no conversion is reported.
 */
export async function connectAwin(config: Config, log: Logger): Promise<AwinConnection> {
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
  if (isDeployment(config.NODE_ENV)) {
    log.info('affiliate reporting off (no AWIN_API_KEY)');
    return { client: null, sandbox: null, close: async () => undefined };
  }
  const sandbox = await startAwinSandbox({ port: config.AWIN_SANDBOX_PORT });
  log.info({ url: sandbox.url }, 'Awin sandbox (no AWIN_API_KEY)');
  return {
    client: createAwinClient({
      baseUrl: sandbox.url,
      advertiserId: config.AWIN_ADVERTISER_ID ?? AWIN_SANDBOX_ADVERTISER_ID,
      apiKey: AWIN_SANDBOX_API_KEY,
    }),
    sandbox,
    close: () => sandbox.close(),
  };
}
