import {
  confirmPasswordReset,
  EmailAuthProvider,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  updatePassword,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { createSession } from '../auth/auth-api.ts';
import { firebaseAuth } from '../auth/firebase.ts';
import { passwordChanged } from './account-api.ts';

/**
 * Firebase's own change: prove the current password, set the new one. The provider then
 * refuses refresh tokens older than the change; signing in again gives this page a token newer
 * than it, the server ends the other sessions and this one gets a fresh cookie.
 */
export async function changePassword(user: User, current: string, next: string): Promise<void> {
  const email = user.email ?? '';
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, current));
  await updatePassword(user, next);
  const { user: fresh } = await signInWithEmailAndPassword(await firebaseAuth(), email, next);
  await passwordChanged(email);
  await createSession(await fresh.getIdToken());
}

/** The email a reset link is for; throws when the code is used or expired. */
export async function resetLinkEmail(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(await firebaseAuth(), oobCode);
}

/** Sets the new password with the link's code; older sessions end at once. */
export async function finishPasswordReset(
  oobCode: string,
  email: string,
  next: string,
): Promise<void> {
  await confirmPasswordReset(await firebaseAuth(), oobCode, next);
  await passwordChanged(email);
}
