import { ClientConfigSchema, type ClientConfig } from '@market/shared';
import { AUTH_MESSAGE_KEYS } from './message-keys.ts';

/** Same origin in production; proxied by the Vite dev server. */
export const CLIENT_CONFIG_URL = '/api/public/client-config';

let pending: Promise<ClientConfig> | undefined;

/** The Firebase web config served by the API, fetched once per page load. */
export function loadClientConfig(): Promise<ClientConfig> {
  pending ??= fetchClientConfig().catch((error: unknown) => {
    // Forget the failure so the next sign-in attempt asks the server again.
    pending = undefined;
    throw error;
  });
  return pending;
}

async function fetchClientConfig(): Promise<ClientConfig> {
  const response = await fetch(CLIENT_CONFIG_URL, { headers: { Accept: 'application/json' } });
  const parsed = response.ok ? ClientConfigSchema.safeParse(await response.json()) : undefined;
  if (!parsed?.success) throw new Error(AUTH_MESSAGE_KEYS.configUnavailable);
  return parsed.data;
}
