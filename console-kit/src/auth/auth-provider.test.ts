import type { Auth, User } from 'firebase/auth';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createFirebaseAuthProvider } from './auth-provider.ts';
import type { FirebaseSession } from './firebase-session.ts';

/** A session whose signed-in user (if any) holds `claims`; no Firebase involved. */
function fakeSession(claims: Record<string, unknown> | null) {
  const getIdToken = vi.fn(async (_forceRefresh?: boolean) => 'id-token');
  const user = claims
    ? ({
        uid: 'uid-1',
        email: 'shop@example.com',
        displayName: null,
        getIdToken,
        getIdTokenResult: async () => ({ claims }),
      } as unknown as User)
    : null;
  const session: FirebaseSession = {
    getAuth: async () => ({}) as Auth,
    currentUser: async () => user,
    getIdToken: async () => (user ? 'id-token' : null),
  };
  return { session, getIdToken };
}

describe('createFirebaseAuthProvider', () => {
  it("lets the console's role in with that role as permission", async () => {
    const { session } = fakeSession({ role: 'seller', sellerId: 's-1' });
    const auth = createFirebaseAuthProvider({ role: 'seller', session, admitApplicants: true });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions()).resolves.toBe('seller');
  });

  it('lets an applicant into the seller console with the applicant permission', async () => {
    const { session } = fakeSession({ role: 'user', sellerId: 's-1' });
    const auth = createFirebaseAuthProvider({ role: 'seller', session, admitApplicants: true });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions()).resolves.toBe('applicant');
  });

  it('keeps the admin console strict: an applicant is refused with the wrong-role message', async () => {
    const { session } = fakeSession({ role: 'user', sellerId: 's-1' });
    const auth = createFirebaseAuthProvider({ role: 'admin', session });
    await expect(auth.checkAuth({})).rejects.toThrow('app.auth.wrong_role');
    await expect(auth.getPermissions()).resolves.toBeNull();
  });

  it('still refuses a plain user without an application', async () => {
    const { session } = fakeSession({ role: 'user' });
    const auth = createFirebaseAuthProvider({ role: 'seller', session, admitApplicants: true });
    await expect(auth.checkAuth({})).rejects.toThrow('app.auth.wrong_role');
  });

  it('tells a seller whose email is not verified to verify it, without signing them out', async () => {
    const { session } = fakeSession({ role: 'seller', sellerId: 's-1' });
    const auth = createFirebaseAuthProvider({ role: 'seller', session });
    const refusal = new HttpError('Verify your email address first', 403, {
      code: 'FORBIDDEN',
      providerCode: 'auth/unverified-email',
    });
    await expect(auth.checkError(refusal)).rejects.toMatchObject({
      message: 'app.auth.unverified_email',
      logoutUser: false,
    });
    await expect(auth.checkError(new HttpError('Forbidden', 403))).rejects.toMatchObject({
      message: 'ra.notification.not_authorized',
    });
  });

  it('refreshClaims forces a new ID token', async () => {
    const { session, getIdToken } = fakeSession({ role: 'user', sellerId: 's-1' });
    const auth = createFirebaseAuthProvider({ role: 'seller', session, admitApplicants: true });
    await auth.refreshClaims();
    expect(getIdToken).toHaveBeenCalledWith(true);
  });

  it('refreshClaims rejects when nobody is signed in', async () => {
    const { session } = fakeSession(null);
    const auth = createFirebaseAuthProvider({ role: 'seller', session, admitApplicants: true });
    await expect(auth.refreshClaims()).rejects.toThrow('ra.auth.auth_check_error');
    await expect(auth.getPermissions()).resolves.toBeNull();
  });
});
