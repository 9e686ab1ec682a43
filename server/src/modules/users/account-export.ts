import type { AccountExport } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { PersonalData } from './personal-data.ts';
import { toUserInfo } from './user-view.ts';
import type { UserRepository } from './users.repository.ts';

/** "Export my data": everything the marketplace keeps about the caller, as one JSON document. */
export function createAccountExport(deps: { users: UserRepository; data: PersonalData }) {
  const { data } = deps;
  return {
    async exportOf(userId: string): Promise<AccountExport> {
      const doc = await deps.users.findById(userId);
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such user' });
      const [orders, favorites, reviews, claims] = await Promise.all([
        data.orders.exportOf(userId),
        data.favorites.exportOf(userId),
        data.reviews.exportOf(userId),
        data.claims.exportOf(userId),
      ]);
      return {
        exportedAt: new Date().toISOString(),
        profile: {
          ...toUserInfo(doc),
          createdAt: doc.createdAt.toISOString(),
          lastSignInAt: doc.lastSignInAt?.toISOString() ?? null,
        },
        // Cookie choices (analytics, marketing tags) live in the visitor's browser, not here.
        consents: { marketingEmails: doc.marketingConsent },
        orders,
        favorites,
        reviews,
        claims,
      };
    },
  };
}
export type AccountExportService = ReturnType<typeof createAccountExport>;
