import { setSessionHint } from '../auth/session-hint.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { CartProduct } from '@market/shared';

/** A Storage in memory, as the browser's localStorage and sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const line: CartProduct = {
  productId: '0123456789abcdef01234567',
  sellerId: 'seller-1',
  quantity: 0,
  price: 19.99,
  currency: 'eur',
  isZeroVat: false,
  name: 'Probe',
};

/** `fetch` as the cart store calls it: a JSON body and plain headers. */
type CartFetch = (
  url: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<Response>;
let fetchMock: Mock<CartFetch>;

beforeEach(() => {
  vi.resetModules();
  const local = memoryStorage();
  const session = memoryStorage();
  vi.stubGlobal('window', { localStorage: local, dispatchEvent: () => true });
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('CustomEvent', class extends Event {});
  fetchMock = vi.fn<CartFetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('a guest’s cart', () => {
  it('stays in localStorage: adding makes no server call at all', async () => {
    const store = await import('./cart.store.ts');
    expect(await store.addToCart([line])).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.$cart.get()).toMatchObject({ status: 'succeeded', quantityTotal: 1 });
    expect(JSON.parse(localStorage.getItem('cart')!).products).toHaveLength(1);
    expect(localStorage.getItem('cart-count')).toBe('1');
  });

  it('returns to idle instead of succeeded when added from the cart page', async () => {
    const store = await import('./cart.store.ts');
    await store.addToCart([line], { fromCartPage: true });
    expect(store.$cart.get().status).toBe('idle');
  });

  it('merges into the server cart on sign-in, then the local one is cleared', async () => {
    const store = await import('./cart.store.ts');
    await store.addToCart([line]);
    fetchMock.mockImplementation(() =>
      json(200, {
        id: 'u',
        products: [],
        quantityTotal: 3,
        lastUpdate: '',
        recentItem: null,
        addedFromCartPage: false,
      }),
    );
    await store.mergeGuestCart('id-token');
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/cart/addToCart');
    expect(init.headers.Authorization).toBe('Bearer id-token');
    expect(JSON.parse(init.body).products).toEqual([
      { productId: line.productId, sellerId: 'seller-1', quantity: 1, currency: 'eur' },
    ]);
    expect(localStorage.getItem('cart')).toBeNull();
    expect(localStorage.getItem('cart-count')).toBe('3');
    expect(store.isSignedIn()).toBe(true);
  });

  it('keeps the guest cart when the merge fails, for the next sign-in', async () => {
    const store = await import('./cart.store.ts');
    await store.addToCart([line]);
    fetchMock.mockImplementation(() => json(500, {}));
    await store.mergeGuestCart('id-token');
    expect(localStorage.getItem('cart')).not.toBeNull();
  });
});

describe('a signed-in buyer’s cart', () => {
  beforeEach(() => setSessionHint());

  it('goes to the server with a transaction id and no price', async () => {
    fetchMock.mockImplementation(() =>
      json(200, {
        id: 'u',
        products: [{ ...line, quantity: 1 }],
        quantityTotal: 1,
        lastUpdate: '',
        recentItem: null,
        addedFromCartPage: false,
      }),
    );
    const store = await import('./cart.store.ts');
    expect(await store.addToCart([line])).toBe(true);
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/cart/addToCart');
    const body = JSON.parse(init.body);
    expect(body.transactionId).toMatch(/^[a-z0-9]+$/);
    expect(body.products[0]).not.toHaveProperty('price');
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('ends failed when the server refuses the add', async () => {
    fetchMock.mockImplementation(() => json(500, {}));
    const store = await import('./cart.store.ts');
    expect(await store.addToCart([line])).toBe(false);
    expect(store.$cart.get().status).toBe('failed');
  });

  it('falls back to the guest cart when the session has ended (401)', async () => {
    fetchMock.mockImplementation(() => json(401, {}));
    const store = await import('./cart.store.ts');
    expect(await store.addToCart([line])).toBe(true);
    expect(store.isSignedIn()).toBe(false);
    expect(JSON.parse(localStorage.getItem('cart')!).products).toHaveLength(1);
  });

  it('throws the spec’s text when resetting fails', async () => {
    fetchMock.mockImplementation(() => json(500, {}));
    const store = await import('./cart.store.ts');
    await expect(store.resetCart(true)).rejects.toThrow('Something went wrong resetting the cart');
  });
});

describe('buy now', () => {
  it('is set and reset, and survives a page change in the tab', async () => {
    const store = await import('./cart.store.ts');
    store.setBuyNow(true);
    expect(store.$cart.get().buyNow).toBe(true);
    expect(sessionStorage.getItem('cart-buy-now')).toBe('1');
    store.setBuyNow(false);
    expect(store.buyNowSet()).toBe(false);
  });
});
