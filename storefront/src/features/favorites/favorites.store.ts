import { clearSessionHint, hasSessionHint } from '../auth/session-hint.ts';
import { atom } from 'nanostores';
import { showToast } from '../toast/toast.ts';
import {
  INITIAL_FAVORITES,
  favoritesReducer,
  isFavorite,
  type FavoritesAction,
  type FavoritesState,
} from './favorites-state.ts';

/** The spec's favorites error texts (section 8), in the page's language. */
export interface FavoritesErrors {
  get: string;
  set: string;
  delete: string;
}

/**
 * The favorites' API calls, loaded on first use: only for someone signed in, so a guest's product
 * page ships neither the client nor its schemas.
 */
const favoritesApi = () => import('./favorites-api.ts');

/** Whether someone is signed in and their favorites; hearts render from it. */
export const $favorites = atom<FavoritesState>(INITIAL_FAVORITES);

const dispatch = (action: FavoritesAction) =>
  $favorites.set(favoritesReducer($favorites.get(), action));

/** Asks the API who is signed in and, for a user, their favorites. */
export async function loadFavorites(errors: FavoritesErrors): Promise<void> {
  // Nobody signed in on this browser: no call (it could only answer 401).
  if (!hasSessionHint()) {
    dispatch({ type: 'guest' });
    return;
  }
  let uid: string | null;
  try {
    uid = await (await favoritesApi()).fetchSignedInUid();
  } catch {
    return; // API unreachable: the hearts stay hidden, the page works without them
  }
  if (!uid) {
    clearSessionHint();
    dispatch({ type: 'guest' });
    return;
  }
  try {
    const list = await (await favoritesApi()).fetchFavorites();
    dispatch({ type: 'loaded', userId: uid, productIds: list.map((f) => f.productId) });
  } catch {
    showToast(errors.get, { kind: 'error' });
  }
}

// A product whose save is under way ignores further clicks, so the server sees them in order.
const pending = new Set<string>();

/** Adds or removes a favorite at once, and undoes it with an error toast if the API refuses. */
export async function toggleFavorite(productId: string, errors: FavoritesErrors): Promise<void> {
  const state = $favorites.get();
  if (state.status !== 'signed-in' || pending.has(productId)) return;
  const adding = !isFavorite(state, productId);
  pending.add(productId);
  dispatch({ type: adding ? 'added' : 'removed', productId });
  try {
    const { addFavorite, removeFavorite } = await favoritesApi();
    if (adding) await addFavorite(state.userId, productId);
    else await removeFavorite(state.userId, productId);
  } catch {
    dispatch({ type: adding ? 'removed' : 'added', productId });
    showToast(adding ? errors.set : errors.delete, { kind: 'error' });
  } finally {
    pending.delete(productId);
  }
}
