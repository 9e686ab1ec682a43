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

/** The region subtag of a BCP 47 language tag (`en-US`, `zh-Hant-TW`, `es-419`), upper case, or null. */
export function regionOf(tag: string): string | null {
  const match = /^[a-z]{2,8}(?:[-_][a-z]{4})?[-_]([a-z]{2}|\d{3})(?:[-_]|$)/i.exec(tag);
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * A guess from the browser's languages (`navigator.languages`, most preferred first): the first
 * one naming a country decides, any `*-US` paying in dollars, any `*-GB` in pounds, the others in
 * euros; no country at all, euros.
 */
export function guessCurrency(languages: string | readonly string[]): Currency {
  const list = typeof languages === 'string' ? [languages] : languages;
  for (let i = 0; i < list.length; i += 1) {
    const region = regionOf(list[i] ?? '');
    if (region) return region === 'US' ? 'usd' : region === 'GB' ? 'gbp' : 'eur';
  }
  return 'eur';
}

/** The display currency: the fragment, else the cookie, else the languages' guess. */
export function pickCurrency(
  hash: string,
  cookie: string,
  languages: string | readonly string[],
): Currency {
  return currencyFromFragment(hash) ?? currencyFromCookie(cookie) ?? guessCurrency(languages);
}

/** The browser's languages, most preferred first (`navigator.languages`, else `language`). */
export function browserLanguages(nav: {
  languages?: readonly string[] | undefined;
  language?: string | undefined;
}): readonly string[] {
  return nav.languages && nav.languages.length ? nav.languages : [nav.language || ''];
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
 * The inline script, on every page: picks the currency, saves a fragment's choice in the cookie,
 * rewrites every `[data-price]` span, sets the header's switcher (`[data-currency-switch]`) and
 * the range currency of the catalogue filters (`[data-range-currency]` field,
 * `[data-range-code]` label), shows the parts drawn for one currency only (`[data-only-currency]`:
 * the price charts, a struck-through price reduced in some currencies) in theirs, and does it
 * again when the fragment changes. Choosing in the
 * switcher saves the same cookie a fragment does (and drops the fragment, which would override
 * it); a page whose prices an island drew (`[data-currency-reload]`) is loaded again.
 */
export function currencyScript(): string {
  const helpers = [
    currencyFromFragment,
    currencyFromCookie,
    regionOf,
    guessCurrency,
    pickCurrency,
    browserLanguages,
    formatCents,
  ].join('\n');
  const each = (selector: string, body: string) =>
    `d.querySelectorAll('${selector}').forEach(function(e){${body}});`;
  return `(function(){${helpers}
var d=document;
function save(c){d.cookie='currency='+c+';path=/;max-age=${CURRENCY_COOKIE_MAX_AGE};samesite=lax';}
function run(){var h=location.hash,c=${pickCurrency.name}(h,d.cookie,${browserLanguages.name}(navigator));
if(${currencyFromFragment.name}(h))save(c);
${each('[data-price]', "var v=e.getAttribute('data-'+c);if(v)e.textContent=" + formatCents.name + "(+v,c,d.documentElement.lang||'en');")}
${each('[data-currency-switch]', 'e.value=c;')}
${each('[data-range-currency]', 'e.value=c;')}
${each('[data-range-code]', 'e.textContent=c.toUpperCase();')}
${each('[data-only-currency]', "e.hidden=(' '+e.getAttribute('data-only-currency')+' ').indexOf(' '+c+' ')<0;")}}
d.addEventListener('change',function(ev){var s=ev.target,c=s&&s.hasAttribute&&s.hasAttribute('data-currency-switch')&&${currencyFromFragment.name}('currency:'+s.value);
if(!c)return;save(c);if(${currencyFromFragment.name}(location.hash))history.replaceState(null,'',location.pathname+location.search);
run();if(d.querySelector('[data-currency-reload]'))location.reload();});
run();addEventListener('hashchange',run);})();`;
}
