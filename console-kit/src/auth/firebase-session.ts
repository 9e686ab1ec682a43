import type { ClientConfig } from '@market/shared';
import { getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth, type User } from 'firebase/auth';
import { loadClientConfig } from './client-config.ts';

/** A console's Firebase Auth, started lazily from the server's client config. */
export interface FirebaseSession {
  /** The Auth instance (initialised on first call). */
  getAuth(): Promise<Auth>;
  /** The signed-in user once Firebase has restored any persisted session, or null. */
  currentUser(): Promise<User | null>;
  /** A fresh ID token of the signed-in user (Firebase refreshes it when near expiry), or null. */
  getIdToken(): Promise<string | null>;
}

/**
 * Starts a session on its own named Firebase app: each console keeps its own persisted sign-in,
 * so signing out of one (or a wrong-role rejection) leaves the storefront and the other console alone.
 */
export function createFirebaseSession(appName: string): FirebaseSession {
  let auth: Promise<Auth> | undefined;
  const getAuthOnce = () =>
    (auth ??= loadClientConfig().then((config) => startAuth(config, appName)));

  const currentUser = async () => {
    const instance = await getAuthOnce();
    await instance.authStateReady();
    return instance.currentUser;
  };

  return {
    getAuth: getAuthOnce,
    currentUser,
    getIdToken: async () => (await currentUser())?.getIdToken() ?? null,
  };
}

function startAuth(config: ClientConfig, appName: string): Auth {
  const app =
    getApps().find((existing) => existing.name === appName) ??
    initializeApp(config.firebase, appName);
  const auth = getAuth(app);
  if (config.authEmulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}
