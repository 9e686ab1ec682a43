import { z } from 'zod';
import { ProductIdSchema } from './catalogue.ts';

/** The spec's `user/favorites/*` calls (section 7). A favorite is unique per user and product. */

/** How many favorites one user may keep: the list is loaded whole on every page with hearts. */
export const MAX_FAVORITES = 500;

/** The identity provider's uid; it must be the caller's own. */
const UserIdSchema = z.string().min(1).max(128);

/** One favorite as the API answers it; `date` is ISO 8601. */
export const FavoriteSchema = z.object({
  productId: ProductIdSchema,
  date: z.iso.datetime(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

/** The answer of `favorites/get`: the caller's favorites, newest first. */
export const FavoriteListSchema = FavoriteSchema.array();

/** Body of `favorites/get`: may be `{}`; a `userId`, when sent, must be the caller's. */
export const FavoritesGetRequestSchema = z.object({ userId: UserIdSchema.optional() });
export type FavoritesGetRequest = z.infer<typeof FavoritesGetRequestSchema>;

/** Body of `favorites/set`: adds the product (again: no change) to the caller's favorites. */
export const FavoriteSetRequestSchema = z.object({
  productId: ProductIdSchema,
  date: z.iso.datetime({ offset: true }),
  userId: UserIdSchema,
});
export type FavoriteSetRequest = z.infer<typeof FavoriteSetRequestSchema>;

/** Body of `favorites/delete`: removes the product (when there) from the caller's favorites. */
export const FavoriteDeleteRequestSchema = z.object({
  productId: ProductIdSchema,
  userId: UserIdSchema,
});
export type FavoriteDeleteRequest = z.infer<typeof FavoriteDeleteRequestSchema>;
