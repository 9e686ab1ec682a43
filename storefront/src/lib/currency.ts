import type { Currency } from '@market/shared';

/*
 * The visitor's display currency. Pages are cached with every price in all three currencies
 * (`data-eur`, `data-usd`, `data-gbp`, in cents) and EUR as text; a tiny inline script
 * (`currencyScript`) picks the currency in the browser and rewrites the text.
 *
 * The functions below are also the script's source (`Function.prototype.toString`), so they
 * must stay self-contained: no imports, no module constants, only each other by name.
 */

/** The currency of a `#currency:usd` fragment, or null when it names none. */
export function currencyFromFragment(hash: string): Currency | null {
  const match = /^#?currency:(eur|usd|gbp)$/i.exec(hash);
  return match ? (match[1]!.toLowerCase() as Currency) : null;
}

/** The currency saved in the `currency` cookie of a `document.cookie` string, or null. */
export function currencyFromCookie(cookie: string): Currency | null {
  const match = /(?:^|;\s*)currency=(eur|usd|gbp)(?:;|$)/.exec(cookie);
  return match ? (match[1] as Currency) : null;
}

/** A guess from the browser language: en-US pays in dollars, en-GB in pounds, others in euros. */
export function guessCurrency(language: string): Currency {
  const tag = language.toLowerCase().replace('_', '-');
  if (tag === 'en-us') return 'usd';
  if (tag === 'en-gb') return 'gbp';
  return 'eur';
}

/** The display currency: the fragment, else the cookie, else the language's guess. */
export function pickCurrency(hash: string, cookie: string, language: string): Currency {
  return currencyFromFragment(hash) ?? currencyFromCookie(cookie) ?? guessCurrency(language);
}

/** Integer cents (rounded when not) as a price in `currency`, written the way `locale` does. */
export function formatCents(cents: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(Math.round(cents) / 100);
}

/** The `currency` cookie a fragment saves: the whole site, one year. */
export const CURRENCY_COOKIE_MAX_AGE = 31_536_000;

/**
 * The inline script: picks the currency, saves a fragment's choice in the cookie, rewrites every
 * `[data-price]` span, and does it again when the fragment changes.
 */
export function currencyScript(): string {
  const helpers = [
    currencyFromFragment,
    currencyFromCookie,
    guessCurrency,
    pickCurrency,
    formatCents,
  ].join('\n');
  return `(function(){${helpers}
function run(){var d=document,h=location.hash,c=${pickCurrency.name}(h,d.cookie,navigator.language||'');
if(${currencyFromFragment.name}(h))d.cookie='currency='+c+';path=/;max-age=${CURRENCY_COOKIE_MAX_AGE};samesite=lax';
d.querySelectorAll('[data-price]').forEach(function(e){var v=e.getAttribute('data-'+c);if(v)e.textContent=${formatCents.name}(+v,c,d.documentElement.lang||'en');});}
run();addEventListener('hashchange',run);})();`;
}
