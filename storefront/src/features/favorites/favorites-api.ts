import type { Favorite, Me } from '@market/shared';

/*
 * Browser calls for favorites. The storefront's pages send the HttpOnly session cookie (their
 * POSTs carry our Origin, which the API requires of cookie writes); the account island may send
 * its Firebase ID token instead. No zod here: this ships on every product page, and the API
 * validates what matters.
 */

/** A favorites call that failed: `status` 0 when the network did. */
export class FavoritesCallError extends Error {
  readonly status: number;
  constructor(path: string, status: number) {
    super(`API ${path} answered ${status}`);
    this.name = 'FavoritesCallError';
    this.status = status;
  }
}

async function call(path: string, body: unknown, idToken?: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const response = await fetch(`/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => {
    throw new FavoritesCallError(path, 0);
  });
  if (!response.ok) throw new FavoritesCallError(path, response.status);
  return response;
}

/** The signed-in caller's uid, or null for a guest (the API answers 401 or 403). */
export async function fetchSignedInUid(): Promise<string | null> {
  try {
    const me = (await (await call('me', undefined)).json()) as Partial<Me>;
    return typeof me.uid === 'string' ? me.uid : null;
  } catch (error) {
    if (error instanceof FavoritesCallError && [401, 403].includes(error.status)) return null;
    throw error;
  }
}

/** The caller's favorites, newest first. */
export async function fetchFavorites(idToken?: string): Promise<Favorite[]> {
  const list: unknown = await (await call('user/favorites/get', {}, idToken)).json();
  return Array.isArray(list) ? (list as Favorite[]) : [];
}

export async function addFavorite(userId: string, productId: string, idToken?: string) {
  const date = new Date().toISOString();
  await call('user/favorites/set', { productId, date, userId }, idToken);
}

export async function removeFavorite(userId: string, productId: string, idToken?: string) {
  await call('user/favorites/delete', { productId, userId }, idToken);
}
