import {
  FavoriteListSchema,
  FavoriteSchema,
  MeSchema,
  StoreProductSchema,
  type Favorite,
  type FavoriteDeleteRequest,
  type FavoriteSetRequest,
  type Locale,
  type ProductIdListRequestSchema,
} from '@market/shared';
import type { z } from 'zod';
import { ApiCallError, callApi, NoAnswer } from '../../lib/api-client.ts';

/*
 * Favorites. The storefront's pages send the session cookie; the account island may send its
 * Firebase ID token instead.
 */

/** The signed-in caller's uid, or null for a guest (the API answers 401 or 403). */
export async function fetchSignedInUid(): Promise<string | null> {
  try {
    return (await callApi('me', MeSchema)).uid;
  } catch (error) {
    if (error instanceof ApiCallError && [401, 403].includes(error.status)) return null;
    throw error;
  }
}

/** The caller's favorites, newest first. */
export async function fetchFavorites(idToken?: string): Promise<Favorite[]> {
  return callApi('user/favorites/get', FavoriteListSchema, { body: {}, idToken });
}

export async function addFavorite(userId: string, productId: string, idToken?: string) {
  const body: FavoriteSetRequest = { productId, date: new Date().toISOString(), userId };
  await callApi('user/favorites/set', FavoriteSchema, { body, idToken });
}

export async function removeFavorite(userId: string, productId: string, idToken?: string) {
  const body: FavoriteDeleteRequest = { productId, userId };
  await callApi('user/favorites/delete', NoAnswer, { body, idToken });
}

const ProductLinksSchema = StoreProductSchema.pick({ id: true, name: true, url: true }).array();
/** `info-multiple` takes at most 100 ids a call. */
const PAGE = 100;

/** The name and page of each product still in the catalogue, in `locale`. */
export async function productLinks(
  ids: readonly string[],
  locale: Locale,
): Promise<Map<string, { name: string; url: string }>> {
  const pages = [];
  for (let i = 0; i < ids.length; i += PAGE) pages.push(ids.slice(i, i + PAGE));
  const lists = await Promise.all(
    pages.map((productIdList) => {
      const body: z.input<typeof ProductIdListRequestSchema> = { productIdList, locale };
      return callApi('public/products/info-multiple', ProductLinksSchema, { body });
    }),
  );
  return new Map(lists.flat().map((p) => [p.id, { name: p.name, url: p.url }]));
}
