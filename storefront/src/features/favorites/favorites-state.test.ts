import { describe, expect, it } from 'vitest';
import {
  INITIAL_FAVORITES,
  favoritesReducer,
  isFavorite,
  type FavoritesState,
} from './favorites-state.ts';

const signedIn = (productIds: string[]): FavoritesState => ({
  status: 'signed-in',
  userId: 'u1',
  productIds,
});

describe('favoritesReducer', () => {
  it('starts unknown, then knows a guest or a signed-in user with their favorites', () => {
    expect(INITIAL_FAVORITES).toEqual({ status: 'unknown' });
    expect(favoritesReducer(INITIAL_FAVORITES, { type: 'guest' })).toEqual({ status: 'guest' });
    expect(
      favoritesReducer(INITIAL_FAVORITES, { type: 'loaded', userId: 'u1', productIds: ['a'] }),
    ).toEqual(signedIn(['a']));
  });

  it('adds a favorite first, once', () => {
    const state = favoritesReducer(signedIn(['a']), { type: 'added', productId: 'b' });
    expect(state).toEqual(signedIn(['b', 'a']));
    expect(favoritesReducer(state, { type: 'added', productId: 'a' })).toBe(state);
  });

  it('removes a favorite, and removing one that is not there changes nothing', () => {
    const state = favoritesReducer(signedIn(['b', 'a']), { type: 'removed', productId: 'b' });
    expect(state).toEqual(signedIn(['a']));
    expect(favoritesReducer(state, { type: 'removed', productId: 'z' })).toBe(state);
  });

  it('ignores adds and removes while nobody is signed in', () => {
    for (const state of [INITIAL_FAVORITES, { status: 'guest' } as const]) {
      expect(favoritesReducer(state, { type: 'added', productId: 'a' })).toBe(state);
      expect(favoritesReducer(state, { type: 'removed', productId: 'a' })).toBe(state);
    }
  });

  it('undoes an add with a remove (a failed save)', () => {
    const before = signedIn(['a']);
    const optimistic = favoritesReducer(before, { type: 'added', productId: 'b' });
    expect(favoritesReducer(optimistic, { type: 'removed', productId: 'b' })).toEqual(before);
  });
});

describe('isFavorite', () => {
  it('is true only for a signed-in user’s favorite', () => {
    expect(isFavorite(signedIn(['a']), 'a')).toBe(true);
    expect(isFavorite(signedIn(['a']), 'b')).toBe(false);
    expect(isFavorite({ status: 'guest' }, 'a')).toBe(false);
  });
});
