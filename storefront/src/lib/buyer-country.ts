import {
  COUNTRY_CODES,
  EU_MEMBER_STATES,
  isCountryCode,
  isEuMemberState,
  type CountryCode,
  type Locale,
} from '@market/shared';
import { atom } from 'nanostores';
import { browserLanguages, regionOf } from './currency.ts';

/*
 * The buyer's country: which country a key must activate in (docs/regions.md) and the billing
 * country the checkout proposes (docs/vat.md). The buyer's own choice, remembered in this
 * browser's localStorage; before any choice, a guess from the browser's languages (`it-IT` → IT);
 * a language naming no country (`en`) guesses nothing and the page asks. Pages stay cacheable:
 * the server never sees it until the buyer adds to the cart or checks out.
 */

export { COUNTRY_CODES, EU_MEMBER_STATES, isEuMemberState, type CountryCode };

/** The localStorage key the choice is remembered under. */
export const BUYER_COUNTRY_KEY = 'buyerCountry';

/** The first language naming a valid country decides (`navigator.languages`, most preferred first). */
export function guessCountry(languages: string | readonly string[]): CountryCode | null {
  const list = typeof languages === 'string' ? [languages] : languages;
  for (const tag of list) {
    const region = regionOf(tag);
    // `es-419` names a continent, not a country: it guesses nothing.
    if (region && isCountryCode(region)) return region;
  }
  return null;
}

/** The remembered choice, if this browser has a valid one. */
function remembered(): CountryCode | null {
  try {
    const saved = globalThis.localStorage?.getItem(BUYER_COUNTRY_KEY) ?? null;
    return saved && isCountryCode(saved) ? saved : null;
  } catch {
    return null; // storage disabled (private mode, blocked cookies): a guess will do
  }
}

function initial(): CountryCode | null {
  if (typeof navigator === 'undefined') return null; // rendered on the server: nobody's country
  return remembered() ?? guessCountry(browserLanguages(navigator));
}

/** The buyer's country (ISO 3166-1 alpha-2), or null when unknown: then ask. */
export const $buyerCountry = atom<CountryCode | null>(initial());

/** Whether `$buyerCountry` is the buyer's own choice rather than the browser's guess. */
export const $buyerCountryChosen = atom<boolean>(remembered() !== null);

/** Records the buyer's choice: this page at once, and every later page of this browser. */
export function setBuyerCountry(country: CountryCode): void {
  try {
    globalThis.localStorage?.setItem(BUYER_COUNTRY_KEY, country);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
  $buyerCountryChosen.set(true);
  $buyerCountry.set(country);
}

// Another tab's choice applies here too, so two open product pages never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== BUYER_COUNTRY_KEY) return;
    const value = event.newValue;
    if (value && isCountryCode(value)) {
      $buyerCountryChosen.set(true);
      $buyerCountry.set(value);
    }
  });
}

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** The country's name in the page's language (`IT` → "Italy" / "Italia"). */
export function countryName(country: CountryCode, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(country) ?? country;
}

export interface CountryOption {
  code: CountryCode;
  name: string;
  eu: boolean;
}

/** Every country with its name in the page's language, sorted by that name as the language sorts. */
export function countryOptions(locale: Locale): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({
    code,
    name: countryName(code, locale),
    eu: isEuMemberState(code),
  })).sort((a, b) => collator.compare(a.name, b.name));
}
