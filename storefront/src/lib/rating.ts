import type { Locale } from '@market/shared';

/** A rating average as people read it in `locale`: one decimal (`4.5`, Italian `4,5`). */
export function formatRating(average: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

/** Five stars, the first `rating` (rounded) filled: `★★★★☆`. Decorative: pages give a text too. */
export function stars(rating: number): string {
  const full = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** A date (ISO) as a medium date in `locale`. */
export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
