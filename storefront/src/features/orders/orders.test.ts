import type { Order, OrderItem, OrderKey } from '@market/shared';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  isAccountItem,
  keyRefund,
  orderIdFromQuery,
  orderPath,
  withOrder,
} from './orders.ts';

const ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const order = (id: string) => ({ id }) as Order;

describe('orderIdFromQuery', () => {
  it('reads the order a deep link names', () => {
    expect(orderIdFromQuery(`?order=${ID}`)).toBe(ID);
  });

  it('ignores a missing or malformed id', () => {
    expect(orderIdFromQuery('')).toBeNull();
    expect(orderIdFromQuery('?order=123')).toBeNull();
    expect(orderIdFromQuery('?order=<script>')).toBeNull();
  });
});

describe('orderPath', () => {
  it('opens the order in the account page of the language', () => {
    expect(orderPath('en', ID)).toBe(`/account?order=${ID}`);
    expect(orderPath('it', ID)).toBe(`/it/account?order=${ID}`);
  });
});

describe('withOrder and appendPage', () => {
  it('puts a deep-linked older order first, once', () => {
    expect(withOrder([order('b')], order('a')).map((o) => o.id)).toEqual(['a', 'b']);
    expect(withOrder([order('a'), order('b')], order('a')).map((o) => o.id)).toEqual(['a', 'b']);
    expect(withOrder([order('b')], null).map((o) => o.id)).toEqual(['b']);
  });

  it('does not list an order twice when its page arrives', () => {
    const listed = [order('old'), order('c'), order('d')];
    expect(appendPage(listed, [order('e'), order('old')]).map((o) => o.id)).toEqual([
      'old',
      'c',
      'd',
      'e',
    ]);
  });
});

describe('refunds', () => {
  it('tells a refunded key from a revoked one and from one the buyer owns', () => {
    const key = (status: OrderKey['status']): OrderKey => ({ id: 'k', status, revealedAt: null });
    expect(keyRefund(key('refunded'))).toBe('refunded');
    expect(keyRefund(key('revoked'))).toBe('revoked');
    expect(keyRefund(key('sold'))).toBeNull();
  });

  it('claims game accounts instead of revealing them', () => {
    expect(isAccountItem({ categoryId: 'accounts' } as OrderItem)).toBe(true);
    expect(isAccountItem({ categoryId: 'games' } as OrderItem)).toBe(false);
  });
});
