import type { User } from 'firebase/auth';
import { onAuthStateChanged } from 'firebase/auth';
import { atom, onMount } from 'nanostores';
import { firebaseAuth } from './firebase.ts';

/**
 * The signed-in Firebase user: `undefined` until Firebase has restored any persisted session,
 * then the user or null. Firebase starts when the first component listens.
 */
export const $user = atom<User | null | undefined>(undefined);

/** Firebase could not start (the client config did not load). */
export const $authUnavailable = atom(false);

onMount($user, () => {
  let stop: (() => void) | undefined;
  let unmounted = false;
  firebaseAuth()
    .then(async (auth) => {
      await auth.authStateReady();
      if (unmounted) return;
      $user.set(auth.currentUser);
      stop = onAuthStateChanged(auth, (user) => $user.set(user));
    })
    .catch(() => $authUnavailable.set(true));
  return () => {
    unmounted = true;
    stop?.();
  };
});
