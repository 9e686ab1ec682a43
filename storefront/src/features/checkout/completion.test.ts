import { ORDER_STATUSES } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { POLL_DELAYS_MS, outcomeOf, parseCompletion } from './completion.ts';

const ID = '65f0a1b2c3d4e5f6a7b8c9d0';

describe('parseCompletion', () => {
  it('reads the order of a return URL', () => {
    expect(parseCompletion(`?order=${ID}`)).toEqual({ orderId: ID, cancelled: false });
  });

  it('reads the cancel URL', () => {
    expect(parseCompletion(`?order=${ID}&cancelled=1`)).toEqual({ orderId: ID, cancelled: true });
    expect(parseCompletion(`?cancelled=true&order=${ID}`)).toEqual({
      orderId: ID,
      cancelled: true,
    });
    expect(parseCompletion(`?order=${ID}&cancelled=0`)?.cancelled).toBe(false);
  });

  it('names no order for a missing or malformed id', () => {
    expect(parseCompletion('')).toBeNull();
    expect(parseCompletion('?order=')).toBeNull();
    expect(parseCompletion('?order=../admin')).toBeNull();
    expect(parseCompletion(`?order=${ID}x`)).toBeNull();
  });
});

describe('outcomeOf', () => {
  it('gives every status an outcome', () => {
    for (const status of ORDER_STATUSES) expect(outcomeOf(status, false)).toBeTruthy();
  });

  it('says the keys are ready only for an approved order', () => {
    expect(outcomeOf('approved', false)).toBe('ready');
    expect(outcomeOf('approved', true)).toBe('ready'); // paid before the cancel arrived
    expect(outcomeOf('review', false)).toBe('review');
    expect(outcomeOf('pending', false)).toBe('pending');
  });

  it('gives each decline its own reason', () => {
    expect(outcomeOf('declined', false)).toBe('declined');
    expect(outcomeOf('declined_fraud', false)).toBe('declinedFraud');
    expect(outcomeOf('declined_business', false)).toBe('declinedBusiness');
    expect(outcomeOf('charged_back', false)).toBe('declined');
  });

  it("tells the buyer's own cancel from an order that ran out unpaid", () => {
    expect(outcomeOf('cancelled', true)).toBe('cancelled');
    expect(outcomeOf('cancelled', false)).toBe('expired');
  });
});

describe('POLL_DELAYS_MS', () => {
  it('asks a few times over well under a minute', () => {
    const total = POLL_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(POLL_DELAYS_MS.length).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThan(60_000);
  });
});
