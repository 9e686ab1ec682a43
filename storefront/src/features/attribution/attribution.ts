import type {
  ATTRIBUTION_COOKIES as SharedCookies,
  DEFAULT_ATTRIBUTION_SOURCE as SharedDefaultSource,
} from '@market/shared';

/*
 * Which tracking cookies a landing URL sets (spec section 9, Awin's S2S guidance). This runs on
 * every page, so it imports nothing at run time: `@market/shared` would bring zod along. The
 * types below make the compiler hold these copies equal to the shared ones, and the unit tests
 * hold the value check equal to `AttributionSchema`.
 */
const COOKIES: typeof SharedCookies = {
  awc: { name: 'awc', maxAgeDays: 365 },
  source: { name: 'source', maxAgeDays: 365 },
  channel: { name: 'channel', maxAgeDays: 30 },
  referrer: { name: 'referrer', maxAgeDays: 30 },
  discountCode: { name: 'discount_code', maxAgeDays: 30 },
};
const DEFAULT_SOURCE: typeof SharedDefaultSource = 'awin';
/**
 * The affiliate (publisher) who sent the buyer, beside the awc: 30 days, as spec section 9 says
 * of affiliate cookies. Read from the landing URL's `affiliate`, `aff` or `affid`, or Awin's
 * publisher parameter `sv_campaign_id`; the awc itself does not name the publisher.
 */
const AFFILIATE = { name: 'affiliate', maxAgeDays: 30 } as const;

/** What `AttributionSchema` accepts for each value (and what a cookie can hold unescaped). */
const TOKEN = /^[\w.:\-|]{1,200}$/;

/** Payment and personal-data pages never capture (Awin: don't store the awc there). */
const NO_CAPTURE = /^(\/it)?\/(login|account|cart|checkout)(\/|$)/i;

/** Paid clicks of other channels: they take the last paid channel from Awin. */
const OTHER_PAID = /^(utm_\w+|gclid|gbraid|wbraid|msclkid|fbclid)$/i;

export type CookieWrite = { name: string; value: string; maxAgeDays: number };

function token(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value && TOKEN.test(value)) return value;
  }
  return null;
}

/**
 * The cookies to write for a page load of `pathname` with query `search`: `awc` with its
 * `source` (the URL's, else `awin`), the last paid `channel` (`aw` for an Awin click, `other`
 * for another paid click, untouched otherwise), the `affiliate` who sent the buyer, `referrer` (`?ref=` or `?referrer=`) and the
 * discount code (`?discount=` or `?coupon=`). Invalid values are ignored, leaving the old cookie.
 */
export function attributionCookieWrites(pathname: string, search: string): CookieWrite[] {
  if (NO_CAPTURE.test(pathname)) return [];
  const params = new URLSearchParams(search);
  const writes: CookieWrite[] = [];
  const set = (cookie: { name: string; maxAgeDays: number }, value: string | null) => {
    if (value) writes.push({ name: cookie.name, value, maxAgeDays: cookie.maxAgeDays });
  };

  const awc = token(params, 'awc');
  const source = token(params, 'source');
  // The source says where this awc came from, so it is only written beside one.
  if (awc) {
    set(COOKIES.awc, awc);
    set(COOKIES.source, source ?? DEFAULT_SOURCE);
  }
  if (awc || source?.toLowerCase() === 'aw') set(COOKIES.channel, 'aw');
  else if ([...params.keys()].some((name) => OTHER_PAID.test(name))) set(COOKIES.channel, 'other');
  set(AFFILIATE, token(params, 'affiliate', 'aff', 'affid', 'sv_campaign_id'));
  set(COOKIES.referrer, token(params, 'ref', 'referrer'));
  set(COOKIES.discountCode, token(params, 'discount', 'coupon'));
  return writes;
}

/** The `document.cookie` assignment for one write, for the whole site. */
export function attributionCookie(write: CookieWrite, secure: boolean): string {
  const maxAge = write.maxAgeDays * 86_400;
  return `${write.name}=${write.value}; path=/; max-age=${maxAge}; samesite=lax${secure ? '; secure' : ''}`;
}
