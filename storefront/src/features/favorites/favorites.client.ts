import { isFavorite } from './favorites-state.ts';
import {
  $favorites,
  loadFavorites,
  toggleFavorite,
  type FavoritesErrors,
} from './favorites.store.ts';

/*
 * The hearts of a page (FavoriteButton.astro). The HTML is the same for everyone; once the API
 * says who is signed in, a user's hearts appear, pressed for their favorites. Guests never see
 * them. Runs after the page has rendered, so it never delays it.
 */

const hearts = () => document.querySelectorAll<HTMLButtonElement>('button[data-favorite]');

/** The error texts the layout renders for this script (BaseLayout.astro). */
function errorTexts(): FavoritesErrors {
  const json = document.getElementById('favorites-messages')?.textContent;
  return JSON.parse(json ?? '{}') as FavoritesErrors;
}

if (hearts().length) {
  const errors = errorTexts();
  $favorites.subscribe((state) => {
    for (const heart of hearts()) {
      heart.hidden = state.status !== 'signed-in';
      heart.setAttribute('aria-pressed', String(isFavorite(state, heart.dataset.favorite ?? '')));
    }
  });
  document.addEventListener('click', (event) => {
    const heart = (event.target as Element).closest<HTMLButtonElement>('button[data-favorite]');
    if (heart?.dataset.favorite) void toggleFavorite(heart.dataset.favorite, errors);
  });
  void loadFavorites(errors);
}
