import type { Auth } from 'firebase-admin/auth';
import type { Logger } from '../logger.ts';
import type { UserDoc } from '../modules/users/users.repository.ts';

/**
 * Revocation without a round trip per request. Credentials are verified locally (the provider's
 * cached public keys; unsigned tokens with the emulator), and the auth middleware refuses one
 * whose sign-in (`auth_time`, whole seconds) is older than the user's `sessionsValidAfter`, read
 * with the blocked flag in the one per-request read of the user's document. This file keeps
 * that time: set by us when we end sessions, and copied from the provider when it moves there.
 */

/** Where the time is kept: the users repository (or its facade). */
export type SessionStore = {
  revokeSessions(
    uid: string,
    at: Date,
    profile?: Omit<UserDoc, 'sessionsValidAfter'>,
  ): Promise<void>;
};

/**
 * Whole seconds, as the provider keeps `tokensValidAfterTime` and tokens their `auth_time`: a
 * sign-in in the same second as a logout still counts, so signing in again at once works.
 */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** Whether a credential signed in at `authTime` (seconds) is older than `validAfter`. */
export const signedInBefore = (authTime: number, validAfter: Date | undefined | null) =>
  validAfter != null && authTime * 1000 < validAfter.getTime();

/**
 * Ends every session of `uid` now: our record first (what every request checks, so it takes
 * effect at once), then the provider's refresh tokens (so no new ID token is minted). A failure
 * of the second leaves the first in place; repeating the call is harmless. `profile` creates
 * the user's document when it is missing (a caller who never opened a session).
 */
export async function revokeSessions(
  auth: Auth,
  store: SessionStore,
  uid: string,
  profile?: Omit<UserDoc, 'sessionsValidAfter'>,
): Promise<void> {
  await store.revokeSessions(uid, wholeSeconds(Date.now()), profile);
  await auth.revokeRefreshTokens(uid);
}

export type RevocationSync = { observe(uid: string, log: Logger): void };

/** How long the provider's record of a user is trusted before it is read again. */
export const PROVIDER_RECHECK_MS = 5 * 60_000;
const MAX_TRACKED = 100_000;
const RETRY_MS = 30_000;

/**
 * The provider stays the source of truth when a user's record changes there (a password
 * changed or reset moves `tokensValidAfterTime`; an account disabled or deleted): each user
 * seen by the middleware has their record read at most once per `recheckMs`, in the
 * background, and a newer time is copied into their document. A request never waits for it.
 * Revocations made through this app take effect at once; those made only at the provider
 * within `recheckMs`.
 */
export function createRevocationSync(
  auth: Auth,
  store: SessionStore,
  recheckMs = PROVIDER_RECHECK_MS,
): RevocationSync {
  // uid → when its record was last asked for; in insertion order, so the oldest go first.
  const checkedAt = new Map<string, number>();

  async function reflect(uid: string): Promise<void> {
    try {
      const record = await auth.getUser(uid);
      if (record.disabled) await store.revokeSessions(uid, wholeSeconds(Date.now()));
      else if (record.tokensValidAfterTime) {
        await store.revokeSessions(uid, new Date(record.tokensValidAfterTime));
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/user-not-found') {
        await store.revokeSessions(uid, wholeSeconds(Date.now()));
      } else throw err;
    }
  }

  return {
    observe(uid, log) {
      const now = Date.now();
      const last = checkedAt.get(uid);
      if (last !== undefined && now - last < recheckMs) return;
      checkedAt.delete(uid);
      checkedAt.set(uid, now);
      if (checkedAt.size > MAX_TRACKED) checkedAt.delete(checkedAt.keys().next().value!);
      reflect(uid).catch((err: unknown) => {
        // Asked again after RETRY_MS, not at every request while the provider is unreachable.
        checkedAt.set(uid, Date.now() - recheckMs + Math.min(RETRY_MS, recheckMs));
        log.warn({ err, uid }, 'could not read the user record from the identity provider');
      });
    },
  };
}
