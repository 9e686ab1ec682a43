import { EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import type { FirebaseSession } from './firebase-session.ts';

/** What the API answers (401) to a sensitive action when the sign-in is older than its window. */
export const REQUIRES_RECENT_LOGIN = 'auth/requires-recent-login';

/** Whether a failed call (react-admin's HttpError: status, parsed body) wants a fresh sign-in. */
export function needsRecentSignIn(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, body } = error as { status?: unknown; body?: unknown };
  return (
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { providerCode?: unknown }).providerCode === REQUIRES_RECENT_LOGIN
  );
}

/**
 * The console's one "sign in again" prompt, shared by every API call. A call refused for want of
 * a recent sign-in waits on `request()`; while anyone waits, `RecentSignInDialog` asks for the
 * password; `confirm` re-authenticates with Firebase (`reauthenticateWithCredential`, the
 * pattern Firebase documents for sensitive operations: the ID token then carries a new
 * `auth_time`) and every waiting call retries; `cancel` fails them with their own refusal.
 */
export interface RecentSignInPrompt {
  /** Resolves once the person has signed in again; rejects if they decline. */
  request(): Promise<void>;
  /** Re-authenticates with the password; rejects with Firebase's error (wrong password …). */
  confirm(password: string): Promise<void>;
  cancel(): void;
  /** For `useSyncExternalStore`: called whenever `email()` changes. */
  subscribe(listener: () => void): () => void;
  /** The signed-in email while the prompt waits for it, else null. */
  email(): string | null;
}

/** Declined: the waiting call fails with the API's refusal. */
export class RecentSignInDeclined extends Error {
  constructor() {
    super('Signing in again was declined');
  }
}

export function createRecentSignInPrompt(session: FirebaseSession): RecentSignInPrompt {
  let waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let email: string | null = null;
  const listeners = new Set<() => void>();
  const settle = (each: (w: (typeof waiting)[number]) => void) => {
    const settled = waiting;
    waiting = [];
    email = null;
    listeners.forEach((listener) => listener());
    settled.forEach(each);
  };

  return {
    async request() {
      const user = await session.currentUser();
      if (!user?.email) throw new RecentSignInDeclined();
      const signedIn = user.email;
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (email !== signedIn) {
          email = signedIn;
          listeners.forEach((listener) => listener());
        }
      });
    },
    async confirm(password) {
      const user = await session.currentUser();
      if (!user?.email) throw new RecentSignInDeclined();
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      settle((w) => w.resolve());
    },
    cancel() {
      settle((w) => w.reject(new RecentSignInDeclined()));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    email: () => email,
  };
}
