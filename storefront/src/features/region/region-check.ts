import { activatesIn, isCountryCode, type ActivationRegion, type Locale } from '@market/shared';
import { interpolate } from '../../i18n/interpolate.ts';
import { $buyerCountry, countryName, type CountryCode } from '../../lib/buyer-country.ts';

/*
 * Will it activate for me? before a key goes into the cart (docs/regions.md). An offer carries
 * its region (`data-region` on its buttons); when it does not activate in the buyer's country,
 * the page's dialog (RegionConfirmDialog.astro) asks, and a yes becomes the line's
 * `regionConfirmed`, which the server checks again and the order keeps.
 */

/** What adding an offer sends about its region, or null when the buyer said no. */
export type RegionAnswer = {
  country: CountryCode | undefined;
  regionConfirmed?: { country: CountryCode; at: string };
};

const isRegion = (value: string | undefined): value is ActivationRegion =>
  value !== undefined && value in regionNames();

function regionNames(): Record<string, string> {
  const raw = document.getElementById('region-confirm')?.dataset.regionNames;
  try {
    return raw ? (JSON.parse(raw) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const pageLocale = (): Locale => (document.documentElement.lang === 'it' ? 'it' : 'en');

/** Opens the dialog and answers whether the buyer confirmed. */
function ask(dialog: HTMLDialogElement, country: CountryCode, region: string): Promise<boolean> {
  const values = { country: countryName(country, pageLocale()), region };
  dialog.querySelector('h2')!.textContent = interpolate(dialog.dataset.title ?? '', values);
  dialog.querySelector('p')!.textContent = interpolate(dialog.dataset.text ?? '', values);
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), {
      once: true,
    });
  });
}

/**
 * Checks the offer of `offer` (its `data-region`) against the buyer's country: nothing to ask
 * when it activates there (or nobody knows the country), else the buyer's answer.
 */
export async function checkRegion(offer: HTMLElement): Promise<RegionAnswer | null> {
  const country = $buyerCountry.get() ?? undefined;
  const region = offer.dataset.region;
  const dialog = document.getElementById('region-confirm');
  if (!country || !isCountryCode(country) || !isRegion(region)) return { country };
  if (activatesIn(region, country) || !(dialog instanceof HTMLDialogElement)) return { country };
  if (!(await ask(dialog, country, regionNames()[region] ?? region))) return null;
  return { country, regionConfirmed: { country, at: new Date().toISOString() } };
}
