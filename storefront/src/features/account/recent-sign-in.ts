import {
  EmailAuthProvider,
  GoogleAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  type User,
} from 'firebase/auth';
import { ApiCallError } from '../../lib/api-call-error.ts';
import { createSession } from '../auth/auth-api.ts';
import { emulatorGoogleCredential } from '../auth/emulator-popup.ts';
import { loadClientConfig } from '../auth/firebase.ts';

/** The API's answer (401) to a sensitive action when the sign-in is older than its window. */
export const needsRecentSignIn = (error: unknown): boolean =>
  error instanceof ApiCallError &&
  error.status === 401 &&
  error.providerCode === 'auth/requires-recent-login';

/** How this person proves who they are again: their password, else Google. */
export const reauthMethod = (user: User): 'password' | 'google' =>
  user.providerData.some((provider) => provider.providerId === 'password') ? 'password' : 'google';

/**
 * Firebase's pattern for sensitive operations: re-authenticate the signed-in user (the ID token
 * then carries a new `auth_time`), then mint the session cookie again from it, since the cookie
 * carries the sign-in it was made from. The caller then retries what was refused.
 */
export async function signInAgain(user: User, proof: { password: string } | 'google') {
  if (proof === 'google') {
    const { authEmulatorUrl } = await loadClientConfig();
    if (authEmulatorUrl) await reauthenticateWithCredential(user, await emulatorGoogleCredential());
    else await reauthenticateWithPopup(user, new GoogleAuthProvider());
  } else {
    const credential = EmailAuthProvider.credential(user.email ?? '', proof.password);
    await reauthenticateWithCredential(user, credential);
  }
  await createSession(await user.getIdToken());
}
