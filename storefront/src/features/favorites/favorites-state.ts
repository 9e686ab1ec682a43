/** Who is signed in and which products they favor: a pure reducer behind `$favorites`. */

export type FavoritesState =
  /** Not known yet (or the API could not tell): hearts stay hidden. */
  | { status: 'unknown' }
  | { status: 'guest' }
  /** `productIds` newest first, as `favorites/get` answers. */
  | { status: 'signed-in'; userId: string; productIds: readonly string[] };

export type FavoritesAction =
  | { type: 'guest' }
  | { type: 'loaded'; userId: string; productIds: readonly string[] }
  | { type: 'added'; productId: string }
  | { type: 'removed'; productId: string };

export const INITIAL_FAVORITES: FavoritesState = { status: 'unknown' };

/** The state after `action`. Adding or removing does nothing unless someone is signed in. */
export function favoritesReducer(state: FavoritesState, action: FavoritesAction): FavoritesState {
  switch (action.type) {
    case 'guest':
      return { status: 'guest' };
    case 'loaded':
      return { status: 'signed-in', userId: action.userId, productIds: [...action.productIds] };
    case 'added':
      if (state.status !== 'signed-in' || state.productIds.includes(action.productId)) return state;
      return { ...state, productIds: [action.productId, ...state.productIds] };
    case 'removed':
      if (state.status !== 'signed-in' || !state.productIds.includes(action.productId))
        return state;
      return { ...state, productIds: state.productIds.filter((id) => id !== action.productId) };
  }
}

/** Whether the signed-in user favors the product. */
export const isFavorite = (state: FavoritesState, productId: string): boolean =>
  state.status === 'signed-in' && state.productIds.includes(productId);
