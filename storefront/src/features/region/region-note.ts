import { isCountryCode, type Locale } from '@market/shared';
import { interpolate } from '../../i18n/interpolate.ts';
import { countryName } from '../../lib/buyer-country.ts';

/*
 * The buyer's recorded yes to a key that does not activate where they are (docs/regions.md),
 * said again wherever the line shows after the product page: the cart page and the order in
 * /account. The confirmation is the cart line's, then the order item's, as the server keeps it.
 */

/** A line's confirmation: the country it was given for and when (ISO 8601). */
export type RegionConfirmed = { country: string; at: string };

/**
 * "Does not activate in Italy — you confirmed on 27 November 2026" from `template` (with
 * `{country}` and `{date}`), the date in the buyer's time zone unless `timeZone` says.
 */
export function regionConfirmedNote(
  template: string,
  confirmed: RegionConfirmed,
  locale: Locale,
  timeZone?: string,
): string {
  const country = isCountryCode(confirmed.country)
    ? countryName(confirmed.country, locale)
    : confirmed.country;
  const at = new Date(confirmed.at);
  const date = Number.isNaN(at.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...(timeZone && { timeZone }) }).format(
        at,
      );
  return interpolate(template, { country, date });
}
