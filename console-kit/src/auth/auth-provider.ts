import type { Role } from '@market/shared';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { accessDecision } from './access-decision.ts';
import { createFirebaseSession, type FirebaseSession } from './firebase-session.ts';
import { AUTH_MESSAGE_KEYS } from './message-keys.ts';
import { assertRole, readRole } from './role-check.ts';
import { signInErrorKey } from './sign-in-errors.ts';

/** What react-admin's login form submits (the email is in `username`). */
export interface LoginParams {
  username: string;
  password: string;
}

export interface FirebaseAuthProviderOptions {
  /** The only role allowed into this console. */
  role: Role;
  /** Defaults to a session on a Firebase app named `market-<role>`. */
  session?: FirebaseSession;
}

/** react-admin auth provider backed by Firebase email/password sign-in and the `role` claim. */
export function createFirebaseAuthProvider({
  role,
  session = createFirebaseSession(`market-${role}`),
}: FirebaseAuthProviderOptions): AuthProvider {
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
        assertRole(claims, role);
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
      assertRole((await user.getIdTokenResult()).claims, role);
    },

    async checkError(error: unknown) {
      const decision = accessDecision(error);
      if (decision === 'sign-out') throw new Error(AUTH_MESSAGE_KEYS.sessionEnded);
      if (decision === 'deny') {
        throw Object.assign(new Error(AUTH_MESSAGE_KEYS.notAuthorized), { logoutUser: false });
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
      return user ? readRole((await user.getIdTokenResult()).claims) : null;
    },
  };
}
