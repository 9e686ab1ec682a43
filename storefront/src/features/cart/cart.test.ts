import type { CartProduct } from '@market/shared';
import { describe, expect, it } from 'vitest';
import {
  addLines,
  dropUnavailable,
  emptyCart,
  mergeRequest,
  parseStoredCart,
  resetCart,
  setQuantity,
  statusAfterAdd,
  storedCart,
  withoutLine,
} from './cart.ts';

const now = new Date('2026-01-01T00:00:00Z');
const line = (productId: string, quantity = 1, extra: Partial<CartProduct> = {}): CartProduct => ({
  productId,
  sellerId: 'seller-1',
  quantity,
  price: 19.99,
  currency: 'eur',
  isZeroVat: false,
  name: `Product ${productId}`,
  ...extra,
});

describe('addLines', () => {
  it('adds a line with quantity 0 as 1 (spec section 5) and remembers it as the recent item', () => {
    const cart = addLines(emptyCart(), [line('a', 0)], now);
    expect(cart.products).toEqual([line('a', 1)]);
    expect(cart.quantityTotal).toBe(1);
    expect(cart.recentItem).toEqual(line('a', 1));
    expect(cart.lastUpdate).toBe(now.toISOString());
  });

  it('adds units to the same seller’s offer and keeps other sellers apart', () => {
    let cart = addLines(emptyCart(), [line('a', 1)], now);
    cart = addLines(cart, [line('a', 2), line('a', 1, { sellerId: 'seller-2' })], now);
    expect(cart.products.map((l) => [l.sellerId, l.quantity])).toEqual([
      ['seller-1', 3],
      ['seller-2', 1],
    ]);
    expect(cart.quantityTotal).toBe(4);
  });
});

describe('setQuantity and withoutLine', () => {
  it('change one line and the quantity total', () => {
    const cart = addLines(emptyCart(), [line('a'), line('b')], now);
    expect(setQuantity(cart, line('b'), 5, now).quantityTotal).toBe(6);
    expect(withoutLine(cart, line('a'), now).products).toEqual([line('b')]);
  });
});

describe('parseStoredCart', () => {
  it('reads back what storedCart wrote', () => {
    const cart = addLines(emptyCart(), [line('a', 2)], now);
    expect(parseStoredCart(storedCart(cart))).toMatchObject({
      products: [line('a', 2)],
      quantityTotal: 2,
    });
  });

  it('reads missing, malformed or tampered storage as an empty cart', () => {
    expect(parseStoredCart(null).products).toEqual([]);
    expect(parseStoredCart('{not json').products).toEqual([]);
    const tampered = JSON.stringify({ products: [{ productId: 1 }, line('ok')] });
    expect(parseStoredCart(tampered).products).toEqual([line('ok')]);
  });
});

describe('dropUnavailable', () => {
  it('drops a guest’s lines no longer on sale and re-prices the others', () => {
    const cart = addLines(emptyCart(), [line('a'), line('b')], now);
    const onSale = new Map([['a:seller-1', 17.5]]);
    const result = dropUnavailable(cart, onSale, now);
    expect(result.dropped.map((l) => l.productId)).toEqual(['b']);
    expect(result.cart.products).toEqual([line('a', 1, { price: 17.5 })]);
    expect(result.cart.quantityTotal).toBe(1);
  });

  it('changes nothing when every line is on sale at its price', () => {
    const cart = addLines(emptyCart(), [line('a')], now);
    const result = dropUnavailable(cart, new Map([['a:seller-1', 19.99]]), now);
    expect(result.cart).toBe(cart);
  });
});

describe('statusAfterAdd', () => {
  it('ends in succeeded, idle from the cart page, failed on error (spec section 4)', () => {
    expect(statusAfterAdd(true, false)).toBe('succeeded');
    expect(statusAfterAdd(true, true)).toBe('idle');
    expect(statusAfterAdd(false, false)).toBe('failed');
  });
});

describe('resetCart', () => {
  it('empties products and the quantity total, and resets buy now', () => {
    const state = { ...emptyCart(), ...addLines(emptyCart(), [line('a', 3)], now), buyNow: true };
    expect(resetCart(state)).toMatchObject({ products: [], quantityTotal: 0, buyNow: false });
  });
});

describe('mergeRequest', () => {
  it('sends only the offer, units and currency of the guest’s lines, never a price', () => {
    const cart = addLines(emptyCart(), [line('a', 2)], now);
    expect(mergeRequest(cart)).toEqual([
      { productId: 'a', sellerId: 'seller-1', quantity: 2, currency: 'eur' },
    ]);
  });
});
