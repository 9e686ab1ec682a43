import { ObjectId } from 'mongodb';
import { MAX_FAVORITES, type Favorite } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../identity/auth-user.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { FavoriteDoc, FavoriteRepository } from './favorites.repository.ts';

const toFavorite = (doc: FavoriteDoc): Favorite => ({
  productId: doc.productId,
  date: doc.date.toISOString(),
});

/** The spec's calls name the user; anyone but the caller is refused. */
function assertSelf(user: AuthUser, userId: string | undefined) {
  if (userId !== undefined && userId !== user.uid) {
    throw new AppError('FORBIDDEN', { message: 'You can only change your own favorites' });
  }
}

/** A signed-in user's favorite products. */
export function createFavoriteService({
  favorites,
  products,
  clock = () => new Date(),
}: {
  favorites: FavoriteRepository;
  products: ProductFacade;
  clock?: () => Date;
}) {
  return {
    /** The caller's favorites, newest first. */
    async list(user: AuthUser, userId?: string): Promise<Favorite[]> {
      assertSelf(user, userId);
      return (await favorites.listByUser(user.uid)).map(toFavorite);
    },

    /** Adds a product (idempotent: a second add keeps the first date); 404 for an unknown one. */
    async add(user: AuthUser, input: { productId: string; date: string; userId: string }) {
      assertSelf(user, input.userId);
      const { productId } = input;
      const known =
        ObjectId.isValid(productId) &&
        (await products.findByIds([new ObjectId(productId)])).length > 0;
      if (!known) throw new AppError('NOT_FOUND', { message: 'No such product' });
      const existing = await favorites.find(user.uid, productId);
      if (existing) return toFavorite(existing);
      if ((await favorites.countByUser(user.uid)) >= MAX_FAVORITES) {
        throw new AppError('CONFLICT', {
          message: `You can keep at most ${MAX_FAVORITES} favorites`,
        });
      }
      // The client's date orders the list; one from the future would pin it on top forever.
      const now = clock();
      const date = new Date(Math.min(Date.parse(input.date), now.getTime()));
      await favorites.addIfMissing(user.uid, productId, date);
      return toFavorite((await favorites.find(user.uid, productId))!);
    },

    /**
     * Removes a product from the caller's favorites. Idempotent, and it does not ask the
     * catalogue: a product withdrawn since must still leave the list.
     */
    async remove(user: AuthUser, input: { productId: string; userId: string }): Promise<void> {
      assertSelf(user, input.userId);
      await favorites.remove(user.uid, input.productId);
    },
  };
}
export type FavoriteService = ReturnType<typeof createFavoriteService>;
