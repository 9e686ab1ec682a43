import type { Role } from '@market/shared';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { accessDecision } from './access-decision.ts';
import { createFirebaseSession, type FirebaseSession } from './firebase-session.ts';
import { AUTH_MESSAGE_KEYS } from './message-keys.ts';
import {
  assertConsoleAccess,
  consolePermission,
  type ConsoleAccessOptions,
  type ConsolePermission,
} from './role-check.ts';
import { signInErrorKey } from './sign-in-errors.ts';

/** What react-admin's login form submits (the email is in `username`). */
export interface LoginParams {
  username: string;
  password: string;
}

export interface FirebaseAuthProviderOptions extends ConsoleAccessOptions {
  /** The only role allowed into this console (plus applicants, when `admitApplicants`). */
  role: Role;
  /** Defaults to a session on a Firebase app named `market-<role>`. */
  session?: FirebaseSession;
}

/** The consoles' auth provider: react-admin's methods plus a claims refresh. */
export interface ConsoleAuthProvider extends AuthProvider {
  /** `getPermissions` answers the console's role, `applicant`, or null when signed out. */
  getPermissions(): Promise<ConsolePermission | null>;
  /**
   * Asks Firebase for a new ID token now, so claims changed on the server (a seller approved
   * meanwhile) count. Rejects when the session has ended (e.g. revoked on a suspension).
   */
  refreshClaims(): Promise<void>;
}

/**
 * react-admin auth provider backed by Firebase email/password sign-in and the `role` claim;
 * with `admitApplicants`, accounts with a seller application get in as `applicant`.
 */
export function createFirebaseAuthProvider({
  role,
  session = createFirebaseSession(`market-${role}`),
  admitApplicants = false,
}: FirebaseAuthProviderOptions): ConsoleAuthProvider {
  const access = { admitApplicants };
  const requireUser = async () => {
    const user = await session.currentUser();
    if (!user) throw new Error(AUTH_MESSAGE_KEYS.signedOut);
    return user;
  };

  return {
    async login({ username, password }: LoginParams) {
      const auth = await session.getAuth();
      const credential = await signInWithEmailAndPassword(auth, username, password).catch(
        (error: unknown) => {
          throw new Error(signInErrorKey(error));
        },
      );
      // Forced refresh: a role granted since the last token must count now.
      const { claims } = await credential.user.getIdTokenResult(true);
      try {
        assertConsoleAccess(claims, role, access);
      } catch (error) {
        await signOut(auth);
        throw error;
      }
    },

    async logout() {
      // Without a client config Firebase never started, so nobody can be signed in.
      const auth = await session.getAuth().catch(() => null);
      if (auth) await signOut(auth);
    },

    async checkAuth() {
      const user = await requireUser();
      assertConsoleAccess((await user.getIdTokenResult()).claims, role, access);
    },

    async checkError(error: unknown) {
      const decision = accessDecision(error);
      if (decision === 'sign-out') throw new Error(AUTH_MESSAGE_KEYS.sessionEnded);
      if (decision === 'deny') {
        // An approved shop whose owner never verified the email: say what to do about it.
        const unverified =
          (error as { body?: { providerCode?: unknown } } | null)?.body?.providerCode ===
          'auth/unverified-email';
        const key = unverified
          ? AUTH_MESSAGE_KEYS.unverifiedEmail
          : AUTH_MESSAGE_KEYS.notAuthorized;
        throw Object.assign(new Error(key), { logoutUser: false });
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = await requireUser();
      return {
        id: user.uid,
        fullName: user.displayName || user.email || user.uid,
        email: user.email,
      };
    },

    async getPermissions() {
      const user = await session.currentUser();
      return user ? consolePermission((await user.getIdTokenResult()).claims, role, access) : null;
    },

    async refreshClaims() {
      const user = await requireUser();
      await user.getIdToken(true);
    },
  };
}
