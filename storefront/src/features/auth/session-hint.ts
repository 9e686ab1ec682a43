/**
 * A hint in localStorage that a buyer signed in on this browser. The session cookie is HttpOnly,
 * so scripts cannot see it; with the hint, a guest's pages make no API call that could only answer
 * 401 (cart, favorites). Set when sign-in completes, cleared on sign-out and whenever the API
 * answers 401. It is only a hint: the API decides who is signed in.
 */
export const SESSION_HINT_KEY = 'cart-signed-in';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: behave as a guest
  }
};

export const hasSessionHint = (): boolean => storage()?.getItem(SESSION_HINT_KEY) === '1';
export const setSessionHint = (): void => storage()?.setItem(SESSION_HINT_KEY, '1');
export const clearSessionHint = (): void => storage()?.removeItem(SESSION_HINT_KEY);
