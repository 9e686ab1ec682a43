import { describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/price-history/days.ts';
import {
  dailyLows,
  referencePrice,
  type DayPoint,
} from '../src/modules/price-history/reference-price.ts';

// The Omnibus rule on one history (reference-price.ts): the edge cases the day-by-day API test
// (price-history.test.ts) does not walk through.

const today = '2026-06-30';
const day = (n: number) => addDays(today, n);
/** A change recorded `n` days from today: the day's lowest, its close, the price before. */
const change = (n: number, low: number, close = low, open: number | null = null): DayPoint => ({
  day: day(n),
  low,
  close,
  open,
});

describe('referencePrice', () => {
  it('announces a reduction made today against the 30 days before, today excluded', () => {
    const points = [change(-50, 2_000), change(0, 1_500, 1_500, 2_000)];
    expect(referencePrice(points, today, 1_500)).toEqual({
      lowest30: 2_000,
      reference: 2_000,
      since: today,
    });
  });

  it('counts a price that was lower for part of a day: the day’s lowest', () => {
    // Day -10: lowered to 14.00 in the morning, back to 20.00 by the evening.
    const points = [change(-50, 2_000), change(-10, 1_400, 2_000, 2_000), change(0, 1_800)];
    expect(referencePrice(points, today, 1_800)).toMatchObject({
      lowest30: 1_400,
      reference: null,
    });
  });

  it('announces nothing while fewer than 30 days of prices are known', () => {
    // First sold 20 days ago at 20.00 (an offer new to the shop): a lower price before it could
    // have gone unseen, so 15.00 today is no announced reduction yet.
    const points = [change(-20, 2_000), change(0, 1_500, 1_500, 2_000)];
    expect(referencePrice(points, today, 1_500)).toMatchObject({
      lowest30: 2_000,
      reference: null,
    });
  });

  it('announces nothing for a first price, nor for a rise', () => {
    expect(referencePrice([change(0, 1_000)], today, 1_000).reference).toBe(null);
    const rise = [change(-40, 1_000), change(0, 1_200, 1_200, 1_000)];
    expect(referencePrice(rise, today, 1_200)).toMatchObject({ lowest30: 1_000, reference: null });
  });

  it('reads the price carried into the window from the first change’s opening price', () => {
    // Nothing recorded in the 60 days read but today's change: the day before it was 25.00.
    const points = [change(0, 1_900, 1_900, 2_500)];
    expect(referencePrice(points, today, 1_900)).toMatchObject({ reference: 2_500 });
  });

  it('stops announcing a reduction 30 days after it applied', () => {
    const points = [change(-60, 2_000, 2_000, null), change(-29, 1_500, 1_500, 2_000)];
    expect(referencePrice(points, today, 1_500).reference).toBe(2_000);
    expect(referencePrice(points, day(1), 1_500).reference).toBe(null);
  });
});

describe('dailyLows', () => {
  it('fills the days without a change with the last close, and leaves out days before any price', () => {
    const points = [change(-3, 900, 1_000, null), change(-1, 800, 800, 1_000)];
    expect(dailyLows(points, day(-5), today, null)).toEqual([
      { day: day(-3), cents: 900 },
      { day: day(-2), cents: 1_000 },
      { day: day(-1), cents: 800 },
      { day: today, cents: 800 },
    ]);
  });
});
