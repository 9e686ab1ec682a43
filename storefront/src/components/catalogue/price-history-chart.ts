import type { PriceHistoryPoint } from '@market/shared';

/** The chart's drawing box: the prices' labels on the left, the first day's date below. */
const WIDTH = 360;
const HEIGHT = 120;
const LEFT = 64;
const RIGHT = WIDTH - 4;
const TOP = 8;
const BOTTOM = HEIGHT - 20;

/**
 * The polyline of daily prices in the chart's box: oldest day on the left, today on the right,
 * the highest price at the top and the lowest at the bottom (a flat history in the middle).
 */
export function chartGeometry(points: readonly PriceHistoryPoint[]) {
  const cents = points.map((p) => p.cents);
  const low = Math.min(...cents);
  const high = Math.max(...cents);
  const span = points.length > 1 ? points.length - 1 : 1;
  const y = (c: number) =>
    high === low ? (TOP + BOTTOM) / 2 : BOTTOM - ((c - low) / (high - low)) * (BOTTOM - TOP);
  const xy = cents.map((c, i) => {
    const x = points.length > 1 ? LEFT + (i / span) * (RIGHT - LEFT) : RIGHT;
    return `${x.toFixed(1)},${y(c).toFixed(1)}`;
  });
  return {
    width: WIDTH,
    height: HEIGHT,
    left: LEFT,
    right: RIGHT,
    top: TOP,
    bottom: BOTTOM,
    low,
    high,
    /** `x,y x,y …`, one pair a day. */
    points: xy.join(' '),
  };
}
