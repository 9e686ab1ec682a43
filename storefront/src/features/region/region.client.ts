import { activatesIn, isCountryCode, type ActivationRegion } from '@market/shared';
import { interpolate } from '../../i18n/interpolate.ts';
import {
  $buyerCountry,
  countryName,
  setBuyerCountry,
  type CountryCode,
} from '../../lib/buyer-country.ts';

/*
 * The product page's region marks (docs/regions.md). The cached HTML is the same for everyone:
 * every offer row carries its region (`data-offer-region`) and a hidden warning, the buy box one
 * candidate per region (the best-ranked offer of each). In the browser, for the buyer's country,
 * rows whose keys do not activate there show "Does not activate in your country" and the buy box
 * shows the best offer that does (or says none does). The server never needs the country to
 * render the page, so pages stay cacheable.
 */

const works = (region: string | undefined, country: CountryCode | null) =>
  !country || activatesIn((region ?? 'Global') as ActivationRegion, country);

function apply(country: CountryCode | null): void {
  for (const row of document.querySelectorAll<HTMLElement>('[data-offer-region]')) {
    const ok = works(row.dataset.offerRegion, country);
    row.toggleAttribute('data-not-activating', !ok);
    row.querySelector<HTMLElement>('[data-region-warning]')?.toggleAttribute('hidden', ok);
  }
  const candidates = [...document.querySelectorAll<HTMLElement>('[data-buy-candidate]')];
  if (candidates.length) {
    const best = candidates.find((c) => works(c.dataset.region, country));
    for (const c of candidates) c.hidden = c !== best;
    const none = document.querySelector<HTMLElement>('[data-buy-none]');
    if (none) {
      none.hidden = best !== undefined;
      const lang = document.documentElement.lang === 'it' ? 'it' : 'en';
      if (country) {
        none.textContent = interpolate(none.dataset.template ?? '', {
          country: countryName(country, lang),
        });
      }
    }
  }
  for (const picker of document.querySelectorAll<HTMLSelectElement>('[data-country-picker]')) {
    picker.value = country ?? '';
  }
}

document.addEventListener('change', (event) => {
  const picker = (event.target as Element).closest<HTMLSelectElement>('[data-country-picker]');
  if (!picker) return;
  // "Choose your country" is no choice: the picker goes back to the country in use.
  if (isCountryCode(picker.value)) setBuyerCountry(picker.value);
  else picker.value = $buyerCountry.get() ?? '';
});

$buyerCountry.subscribe(apply);
