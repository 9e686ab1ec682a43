import { addDays } from './days.ts';

/**
 * The Omnibus rule (directive 98/6/EC art. 6a as amended by 2019/2161), on one subject's history
 * in one currency. Pure: the clock is the caller's `today`.
 */

/** The days before a price applied whose lowest is its prior price (art. 6a(2)). */
export const PRIOR_DAYS = 30;
/**
 * How long a reduction is announced after it applied. Past it the reduced price is the price:
 * a "was" figure months old would mislead (the unfair-practices directive), and the window keeps
 * every read within the last 60 days of history.
 */
export const ANNOUNCE_DAYS = 30;
/** The history a reference needs: the prior days of the oldest reduction still announced. */
export const REFERENCE_LOOKBACK_DAYS = PRIOR_DAYS + ANNOUNCE_DAYS;

/** A recorded day: its lowest price, the price it closed at, the price before its first change. */
export type DayPoint = { day: string; low: number; close: number; open: number | null };

/**
 * The lowest price of each day from `from` to `today`, oldest first, from the days a change was
 * recorded (sorted, any range): a day without a record kept the price the last one closed at.
 * Days before any known price are left out. Today's figure is `current` (the price on sale now)
 * when given, else today's record.
 */
export function dailyLows(
  points: readonly DayPoint[],
  from: string,
  today: string,
  current: number | null,
): { day: string; cents: number }[] {
  const sorted = [...points].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  // The price carried into `from`: the last close before it, else the first record's opening.
  const before = sorted.filter((p) => p.day < from).at(-1);
  let carry: number | null = before
    ? before.close
    : (sorted.find((p) => p.day >= from)?.open ?? null);
  const byDay = new Map(sorted.map((p) => [p.day, p]));
  const out: { day: string; cents: number }[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    const point = byDay.get(day);
    if (day === today && current !== null) {
      out.push({ day, cents: current });
      break;
    }
    if (point) {
      out.push({ day, cents: point.low });
      carry = point.close;
    } else if (carry !== null) out.push({ day, cents: carry });
  }
  return out;
}

export type Reference = {
  /** The lowest price of the 30 days before the current price applied; null: none known. */
  lowest30: number | null;
  /** `lowest30` when the current price is a reduction still announced, else null. */
  reference: number | null;
  /** The day the current price applied, when within the history read. */
  since: string | null;
};

/**
 * The prior price of `current` on `today`. The current price applied on the first day of its
 * run (the days before today whose lowest was that price; today itself when it changed today).
 * Its prior price is the lowest of the 30 days before that day, the day itself excluded, days
 * without a known price skipped. It is announced as a reduction only if `current` is below it,
 * applied in the last 30 days, and the price of each of those 30 days is known. `points` must
 * cover the 60 days before today.
 */
export function referencePrice(
  points: readonly DayPoint[],
  today: string,
  current: number,
): Reference {
  const from = addDays(today, -REFERENCE_LOOKBACK_DAYS);
  const lows = dailyLows(points, from, today, current).filter((d) => d.day < today);
  let since = today;
  for (let i = lows.length - 1; i >= 0 && lows[i]!.cents === current; i -= 1) since = lows[i]!.day;
  const announcedFrom = addDays(today, 1 - ANNOUNCE_DAYS);
  if (since < announcedFrom) {
    // Unchanged for 30 days or more: its prior 30 days are all this price.
    return { lowest30: current, reference: null, since: since === from ? null : since };
  }
  const start = addDays(since, -PRIOR_DAYS);
  const prior = lows.filter((d) => d.day >= start && d.day < since).map((d) => d.cents);
  const lowest30 = prior.length ? Math.min(...prior) : null;
  // Announced only when the price of every one of the 30 days is known: a subject new to the
  // shop, or a shop whose history began lately, could have applied a lower price we never saw.
  const known = prior.length === PRIOR_DAYS;
  const reference = known && lowest30 !== null && current < lowest30 ? lowest30 : null;
  return { lowest30, reference, since };
}
