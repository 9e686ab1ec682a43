import type { UserInfoFull } from '@market/shared';

/** A verified, unblocked buyer as `GET /api/admin/users/:id` answers it. */
export const ADA: UserInfoFull = {
  id: 'uid-ada',
  email: 'ada@example.com',
  name: 'Ada',
  surname: 'Lovelace',
  image: null,
  role: 'user',
  blocked: false,
  emailVerified: true,
  locale: 'it',
  loginMethod: 'password',
  marketingConsent: false,
  sellerId: null,
  referrer: 'newsletter',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSignInAt: '2026-03-02T09:30:00.000Z',
  providers: ['password'],
};

/** A seller's account, blocked and not verified. */
export const SHOP_OWNER: UserInfoFull = {
  ...ADA,
  id: 'uid-shop',
  email: 'shop@example.com',
  name: 'Pixel',
  surname: 'Keys',
  role: 'seller',
  blocked: true,
  emailVerified: false,
  sellerId: 'pixel-keys-1a2b3c',
  referrer: null,
};
