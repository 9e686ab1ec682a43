import { clearSessionHint, hasSessionHint, setSessionHint } from '../auth/session-hint.ts';
import {
  CART_ERRORS,
  transactionId,
  type Cart,
  type CartProduct,
  type CountryCode,
  type LineKey,
} from '@market/shared';
import { atom } from 'nanostores';
import { ApiCallError } from '../../lib/api-call-error.ts';
import {
  BUY_NOW_KEY,
  CART_COUNT_KEY,
  CART_STORAGE_KEY,
  addLines,
  emptyCart,
  mergeRequest,
  parseStoredCart,
  resetCart as resetState,
  setQuantity,
  statusAfterAdd,
  storedCart,
  withoutLine,
  type CartState,
} from './cart.ts';

/**
 * The cart's API calls, loaded on first use: a guest's cart never calls the API, so a product
 * page ships the client and its schemas to signed-in buyers only.
 */
const cartApi = () => import('./cart-api.ts');

/** The cart on this page: a guest's from localStorage, a signed-in buyer's from the server. */
export const $cart = atom<CartState>(emptyCart());

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the cart lives as long as the page
  }
};

/** Whether a buyer signed in on this browser (the session hint); no API call. */
export const isSignedIn = hasSessionHint;

/** A 401 means the session ended (expired, signed out elsewhere): the cart is a guest's again. */
function endedSession(error: unknown): boolean {
  if (!(error instanceof ApiCallError) || error.status !== 401) return false;
  clearSessionHint();
  return true;
}

/** The header's count, kept in localStorage so every page shows it without a call. */
function publishCount(total: number): void {
  storage()?.setItem(CART_COUNT_KEY, String(total));
  window.dispatchEvent(new CustomEvent('cart-count', { detail: total }));
}

function show(cart: Cart, patch: Partial<CartState> = {}): void {
  $cart.set({ ...$cart.get(), ...cart, ...patch });
  publishCount(cart.quantityTotal);
}

function saveGuest(cart: Cart): void {
  storage()?.setItem(CART_STORAGE_KEY, storedCart(cart));
}

const guestCart = (): Cart => parseStoredCart(storage()?.getItem(CART_STORAGE_KEY) ?? null);

/** Whether the buyer came through Buy now (see `setBuyNow`). */
export function buyNowSet(): boolean {
  try {
    return sessionStorage.getItem(BUY_NOW_KEY) === '1';
  } catch {
    return $cart.get().buyNow;
  }
}

/** The buy-now action: set before going straight to checkout, reset after (kept for the tab). */
export function setBuyNow(buyNow: boolean): void {
  try {
    if (buyNow) sessionStorage.setItem(BUY_NOW_KEY, '1');
    else sessionStorage.removeItem(BUY_NOW_KEY);
  } catch {
    // storage disabled: the flag lives as long as the page
  }
  $cart.set({ ...$cart.get(), buyNow });
}

/** Loads the cart: the server's for a signed-in buyer, localStorage's for a guest. */
export async function loadCart(): Promise<'user' | 'guest'> {
  $cart.set({ ...$cart.get(), status: 'loading', buyNow: buyNowSet() });
  if (isSignedIn()) {
    try {
      show(await (await cartApi()).fetchCart(), { status: 'succeeded' });
      return 'user';
    } catch (error) {
      if (!endedSession(error)) {
        $cart.set({ ...$cart.get(), status: 'failed' });
        throw error;
      }
    }
  }
  show(guestCart(), { status: 'succeeded' });
  return 'guest';
}

const toRequest = (lines: readonly CartProduct[]) =>
  lines.map(({ productId, sellerId, quantity, currency, regionConfirmed }) => ({
    productId,
    sellerId,
    quantity,
    currency,
    // The buyer's yes to a key that does not activate in their country (docs/regions.md).
    ...(regionConfirmed && { regionConfirmed: { country: regionConfirmed.country } }),
  }));

/**
 * Add to cart (spec section 4): loading, then succeeded (idle when added from the cart page) or
 * failed. A guest's lines go to localStorage only. False when it failed.
 */
export async function addToCart(
  lines: CartProduct[],
  {
    fromCartPage = false,
    country,
  }: {
    fromCartPage?: boolean;
    /** The buyer's country: the server refuses a key that does not activate there unconfirmed. */
    country?: CountryCode | undefined;
  } = {},
): Promise<boolean> {
  const done = { status: statusAfterAdd(true, fromCartPage), addedFromCartPage: fromCartPage };
  const addAsGuest = () => {
    const cart = addLines(guestCart(), lines, new Date());
    saveGuest(cart);
    show(cart, done);
  };
  $cart.set({ ...$cart.get(), status: 'loading' });
  try {
    if (!isSignedIn()) {
      addAsGuest();
      return true;
    }
    const body = {
      transactionId: transactionId(),
      products: toRequest(lines),
      addedFromCartPage: fromCartPage,
      ...(country && { country }),
    };
    show(await (await cartApi()).addToCartCall(body), done);
    return true;
  } catch (error) {
    if (endedSession(error)) {
      addAsGuest();
      return true;
    }
    $cart.set({ ...$cart.get(), status: statusAfterAdd(false, fromCartPage) });
    return false;
  }
}

/** Saves a changed cart: localStorage for a guest, the server for a signed-in buyer. */
async function save(next: Cart, signedIn: boolean, failure?: string): Promise<void> {
  if (!signedIn) {
    saveGuest(next);
    show(next);
    return;
  }
  const { updateCartProducts } = await cartApi();
  const { updatedResult } = await updateCartProducts(toRequest(next.products), failure);
  show(updatedResult);
}

/** Sets a line's quantity; throws 'Failed to update cart' when the server refuses. */
export const changeQuantity = (key: LineKey, quantity: number, signedIn: boolean) =>
  save(setQuantity($cart.get(), key, quantity, new Date()), signedIn);

/** Removes a line; throws 'Failed to update cart' when the server refuses. */
export const removeLine = (key: LineKey, signedIn: boolean) =>
  save(withoutLine($cart.get(), key, new Date()), signedIn);

/** Keeps a guest's cart as given (lines dropped or re-priced against the catalogue). */
export const replaceGuestCart = (cart: Cart): void => {
  saveGuest(cart);
  show(cart);
};

/** Empties the cart (products and quantity total, spec section 4). */
export async function resetCart(signedIn: boolean): Promise<void> {
  await save(resetState($cart.get()), signedIn, CART_ERRORS.reset);
  setBuyNow(false);
}

/**
 * After sign-in: the guest cart goes into the server cart (lines add up) and the local one is
 * cleared. A failure keeps the guest cart for the next sign-in and never blocks signing in.
 */
export async function mergeGuestCart(idToken: string): Promise<void> {
  setSessionHint();
  const products = mergeRequest(guestCart());
  try {
    const { addToCartCall, fetchCart } = await cartApi();
    const cart = products.length
      ? await addToCartCall({ transactionId: transactionId(), products }, idToken)
      : await fetchCart(idToken);
    storage()?.removeItem(CART_STORAGE_KEY);
    publishCount(cart.quantityTotal);
  } catch {
    // Kept locally: the next sign-in merges it.
  }
}

/** After sign-out: the cart is a guest's again (the buyer's stays on the server). */
export function forgetCart(): void {
  clearSessionHint();
  $cart.set(emptyCart());
  publishCount(guestCart().quantityTotal);
}
