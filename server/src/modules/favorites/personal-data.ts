import type { AccountExport } from '@market/shared';
import type { FavoriteRepository } from './favorites.repository.ts';

/** A user's favorites, for their data export; erased with the account. */
export function createFavoritePersonalData(favorites: FavoriteRepository) {
  return {
    async exportOf(userId: string): Promise<AccountExport['favorites']> {
      return (await favorites.listByUser(userId)).map((f) => ({
        productId: f.productId,
        addedAt: f.date.toISOString(),
      }));
    },
    async erase(userId: string): Promise<void> {
      await favorites.removeAllOf(userId);
    },
  };
}
