import type { UserRecord } from 'firebase-admin/auth';
import type { UserInfo, UserInfoFull } from '@market/shared';
import type { UserDoc } from './users.repository.ts';

/** A user as the API shows it. */
export function toUserInfo(doc: UserDoc): UserInfo {
  return {
    id: doc._id,
    email: doc.email,
    name: doc.name,
    surname: doc.surname,
    image: doc.image,
    role: doc.role,
    blocked: doc.blocked,
    emailVerified: doc.emailVerified,
    locale: doc.locale,
    loginMethod: doc.loginMethod,
    marketingConsent: doc.marketingConsent,
  };
}

/** The admin's full view; the provider's record adds sign-in providers and times when known. */
export function toUserInfoFull(doc: UserDoc, record?: UserRecord): UserInfoFull {
  const lastSignIn = record?.metadata.lastSignInTime ?? doc.lastSignInAt?.toISOString() ?? null;
  return {
    ...toUserInfo(doc),
    sellerId: doc.sellerId,
    referrer: doc.referrer,
    createdAt: doc.createdAt.toISOString(),
    lastSignInAt: lastSignIn ? new Date(lastSignIn).toISOString() : null,
    providers: record?.providerData.map((p) => p.providerId) ?? [],
  };
}
