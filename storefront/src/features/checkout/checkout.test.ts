import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONFIRMATION_FIELD,
  checkoutFailure,
  cookieValue,
  holdsAccountProduct,
} from './checkout.ts';

describe('checkoutFailure', () => {
  it('sends a buyer whose session ended to sign in', () => {
    expect(checkoutFailure(401)).toBe('signIn');
  });

  it('asks for the game-account confirmation when the API names it', () => {
    expect(checkoutFailure(409, { [ACCOUNT_CONFIRMATION_FIELD]: 'Confirm the purchase' })).toBe(
      'confirmAccount',
    );
    expect(checkoutFailure(400, { [ACCOUNT_CONFIRMATION_FIELD]: 'Required' })).toBe(
      'confirmAccount',
    );
  });

  it('tells a refused discount code from a line that ran out', () => {
    expect(checkoutFailure(409, { couponCode: 'This code has been used up' })).toBe('coupon');
    expect(checkoutFailure(409, { 'lines.0.quantity': 'Only 1 left' })).toBe('outOfStock');
    expect(checkoutFailure(409)).toBe('outOfStock');
  });

  it('tells a total that moved since it was shown from a line that ran out', () => {
    expect(checkoutFailure(409, { expectedTotalCents: 'The total is now 27.98 EUR' })).toBe(
      'totalChanged',
    );
  });

  it('reads a 400 without a named field as an empty cart', () => {
    expect(checkoutFailure(400, { cart: 'The cart is empty' })).toBe('emptyCart');
  });

  it('offers a retry when the payment provider is unreachable', () => {
    expect(checkoutFailure(503)).toBe('paymentUnavailable');
    expect(checkoutFailure(502)).toBe('paymentUnavailable');
  });

  it('falls back to the generic failure for anything else, the network included', () => {
    expect(checkoutFailure(500)).toBe('failed');
    expect(checkoutFailure(403)).toBe('failed');
    expect(checkoutFailure(0)).toBe('failed');
  });
});

describe('cookieValue', () => {
  it('reads the discount code the landing URL left', () => {
    expect(cookieValue('currency=usd; discount_code=SPRING%2010; awc=1', 'discount_code')).toBe(
      'SPRING 10',
    );
  });

  it('answers empty for a missing cookie or one that only ends with the name', () => {
    expect(cookieValue('currency=usd', 'discount_code')).toBe('');
    expect(cookieValue('my_discount_code=X', 'discount_code')).toBe('');
    expect(cookieValue('', 'discount_code')).toBe('');
  });

  it('keeps a malformed escape as it is', () => {
    expect(cookieValue('discount_code=50%OFF', 'discount_code')).toBe('50%OFF');
  });
});

describe('holdsAccountProduct', () => {
  const categories = new Map([
    ['a', 'accounts' as const],
    ['g', 'games' as const],
  ]);

  it('spots a game account among the lines', () => {
    expect(holdsAccountProduct([{ productId: 'g', quantity: 1 }], categories)).toBe(false);
    expect(
      holdsAccountProduct(
        [
          { productId: 'g', quantity: 1 },
          { productId: 'a', quantity: 2 },
        ],
        categories,
      ),
    ).toBe(true);
  });

  it('ignores an account line that ran out (quantity 0) and products of unknown category', () => {
    expect(holdsAccountProduct([{ productId: 'a', quantity: 0 }], categories)).toBe(false);
    expect(holdsAccountProduct([{ productId: 'x', quantity: 1 }], categories)).toBe(false);
  });
});
