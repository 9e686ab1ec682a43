import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { ClientConfig } from '@market/shared';
import type { Config } from '../config.ts';

export type Identity = {
  auth: Auth;
  mode: 'emulator' | 'firebase';
  clientConfig: ClientConfig;
  close(): Promise<void>;
};

/**
 * Firebase Admin bound to the real project (service account) or to the Auth emulator at
 * `emulatorHost`. The Admin SDK reads FIREBASE_AUTH_EMULATOR_HOST from the environment, so
 * it is set here and only here.
 */
export function createIdentity(config: Config, emulatorHost: string | null): Identity {
  let app: App;
  if (emulatorHost) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `market-${Date.now()}`);
  } else {
    const serviceAccount = JSON.parse(config.FIREBASE_SERVICE_ACCOUNT ?? '{}') as object;
    app = initializeApp(
      { credential: cert(serviceAccount), projectId: config.FIREBASE_PROJECT_ID },
      `market-${Date.now()}`,
    );
  }
  return {
    auth: getAuth(app),
    mode: emulatorHost ? 'emulator' : 'firebase',
    clientConfig: {
      firebase: {
        apiKey: config.FIREBASE_API_KEY,
        authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
        projectId: config.FIREBASE_PROJECT_ID,
      },
      authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
      recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    },
    close: () => deleteApp(app),
  };
}
