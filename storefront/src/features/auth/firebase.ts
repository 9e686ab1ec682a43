import { ClientConfigSchema, type ClientConfig } from '@market/shared';
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { callApi } from '../../lib/api-client.ts';
import { followIdToken } from './session-sync.ts';

let pendingConfig: Promise<ClientConfig> | undefined;
let pendingAuth: Promise<Auth> | undefined;

/** Retries on the next call instead of remembering a failure for the whole page life. */
async function forgetOnFailure<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  try {
    return await load();
  } catch (error) {
    forget();
    throw error;
  }
}

/** Served by the API, so one build fits every deployment (and the Auth emulator offline). */
async function fetchClientConfig(): Promise<ClientConfig> {
  // Public: no cookie, so a stale or refused session cannot make it fail.
  return callApi('public/client-config', ClientConfigSchema, { credentials: 'omit' });
}

/** The Firebase web config, reCAPTCHA site key and emulator URL; fetched once per page. */
export function loadClientConfig(): Promise<ClientConfig> {
  pendingConfig ??= forgetOnFailure(fetchClientConfig, () => (pendingConfig = undefined));
  return pendingConfig;
}

function startAuth(config: ClientConfig): Auth {
  // The default app: the consoles use their own named apps, so their sign-ins stay apart.
  const app = getApps().length > 0 ? getApp() : initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  // The session cookie follows the ID token from here on (session-sync.ts).
  followIdToken(auth);
  return auth;
}

/** The storefront's Firebase Auth, started on first use from the client config. */
export function firebaseAuth(): Promise<Auth> {
  pendingAuth ??= forgetOnFailure(
    async () => startAuth(await loadClientConfig()),
    () => (pendingAuth = undefined),
  );
  return pendingAuth;
}
