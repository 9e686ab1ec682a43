import {
  GoogleAuthProvider,
  signInWithCredential,
  type Auth,
  type OAuthCredential,
  type UserCredential,
} from 'firebase/auth';
import { EMULATOR_GOOGLE_PATH, isEmulatorGoogleMessage } from './emulator-google.ts';

/** How often to check whether the visitor closed the popup without choosing an account. */
const CLOSED_POLL_MS = 500;

/**
 * Google sign-in with the Auth emulator and no internet (see emulator-google.ts): our own popup
 * gives fake Google claims, and the emulator signs in with them as a Google credential.
 */
export async function signInWithEmulatorGoogle(auth: Auth): Promise<UserCredential> {
  return signInWithCredential(auth, await emulatorGoogleCredential());
}

/** The Google credential the emulator popup's chosen account stands for (also to sign in again). */
export async function emulatorGoogleCredential(): Promise<OAuthCredential> {
  const popup = window.open(
    EMULATOR_GOOGLE_PATH,
    'market-emulator-google',
    'popup,width=480,height=640',
  );
  if (!popup) throw { code: 'auth/popup-blocked' };
  const claims = await new Promise<unknown>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (!isEmulatorGoogleMessage(event.data)) return;
      stop();
      popup.close();
      resolve(event.data.claims);
    };
    const closedTimer = window.setInterval(() => {
      if (!popup.closed) return;
      stop();
      reject({ code: 'auth/popup-closed-by-user' });
    }, CLOSED_POLL_MS);
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedTimer);
    };
    window.addEventListener('message', onMessage);
  });
  return GoogleAuthProvider.credential(JSON.stringify(claims));
}
