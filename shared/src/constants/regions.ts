/*
 * Regions and countries as plain data, with no zod: the storefront's islands import them, and a
 * schema here would bring zod into every product page (their schemas: schemas/regions.ts).
 */

/** The spec's product regions (section "Region options"): a product is sold as one of these. */
export const REGIONS = ['Global', 'ROW'] as const;
export type Region = (typeof REGIONS)[number];

/** Every ISO 3166-1 alpha-2 country code (officially assigned), the countries a buyer may pick. */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);
export const isCountryCode = (c: string): c is CountryCode => COUNTRY_SET.has(c);

/** The 27 member states of the European Union (ISO codes; Greece is GR, not the VAT prefix EL). */
// prettier-ignore
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const satisfies readonly CountryCode[];
const EU_SET: ReadonlySet<string> = new Set(EU_MEMBER_STATES);
export const isEuMemberState = (c: string): boolean => EU_SET.has(c);

/*
 * Where an offer's key activates (docs/regions.md). A product's region (Global or ROW, the spec's)
 * is its offers' default; an offer may be narrower, as its supplier reports it. Each region is a
 * set of countries; a buyer whose country is outside it is warned before buying.
 */
export const ACTIVATION_REGIONS = ['Global', 'EU', 'UK', 'US', 'NA', 'LATAM', 'ROW'] as const;
export type ActivationRegion = (typeof ACTIVATION_REGIONS)[number];

/** The EU region: the member states, the rest of the EEA, Switzerland and the microstates using the euro. */
// prettier-ignore
const EU_REGION: readonly CountryCode[] = [
  ...EU_MEMBER_STATES, 'IS', 'LI', 'NO', 'CH', 'AD', 'MC', 'SM', 'VA',
];
/** The United Kingdom and the Crown Dependencies. */
const UK_REGION: readonly CountryCode[] = ['GB', 'IM', 'JE', 'GG'];
/** The United States and its territories. */
const US_REGION: readonly CountryCode[] = ['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'];
// prettier-ignore
const LATAM_REGION: readonly CountryCode[] = [
  'AR', 'BO', 'BR', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'GT', 'HN', 'MX', 'NI', 'PA', 'PE', 'PY',
  'SV', 'UY', 'VE',
];
/** Europe as key sellers draw it: the EU region and the United Kingdom. ROW keys never activate there. */
const EUROPE: ReadonlySet<string> = new Set([...EU_REGION, ...UK_REGION]);

/** The countries each region's keys activate in. */
export const REGION_COUNTRIES: Record<ActivationRegion, ReadonlySet<CountryCode>> = {
  Global: new Set(COUNTRY_CODES),
  EU: new Set(EU_REGION),
  UK: new Set(UK_REGION),
  US: new Set(US_REGION),
  NA: new Set([...US_REGION, 'CA']),
  LATAM: new Set(LATAM_REGION),
  ROW: new Set(COUNTRY_CODES.filter((c) => !EUROPE.has(c))),
};

/** Whether a key of `region` activates in `country` (an unknown country: only a Global key does). */
export const activatesIn = (region: ActivationRegion, country: string): boolean =>
  region === 'Global' || REGION_COUNTRIES[region].has(country as CountryCode);

/** How suppliers spell regions (`WORLDWIDE`, `EU`, `Europe`, `USA`…), by lower-case words. */
const REGION_SPELLINGS: Record<string, ActivationRegion> = {
  worldwide: 'Global',
  global: 'Global',
  ww: 'Global',
  world: 'Global',
  'region free': 'Global',
  eu: 'EU',
  europe: 'EU',
  eea: 'EU',
  uk: 'UK',
  'united kingdom': 'UK',
  us: 'US',
  usa: 'US',
  'united states': 'US',
  na: 'NA',
  'north america': 'NA',
  latam: 'LATAM',
  'latin america': 'LATAM',
  row: 'ROW',
  'rest of world': 'ROW',
  'rest of the world': 'ROW',
};

const spelling = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The activation region of what a supplier reports: regions by name, or country codes
 * (PrepaidForge lists countries). The widest region whose every country the report covers, so a
 * buyer is never told a key activates where the supplier did not say it does; null when no
 * region fits or nothing is recognised (the offer then takes its product's region).
 */
export function activationRegionOf(reported: readonly string[]): ActivationRegion | null {
  const covered = new Set<string>();
  for (const raw of reported) {
    const region = REGION_SPELLINGS[spelling(raw)];
    if (region) REGION_COUNTRIES[region].forEach((c) => covered.add(c));
    else if (isCountryCode(raw.trim().toUpperCase())) covered.add(raw.trim().toUpperCase());
  }
  let best: ActivationRegion | null = null;
  for (const region of ACTIVATION_REGIONS) {
    const countries = REGION_COUNTRIES[region];
    if (![...countries].every((c) => covered.has(c))) continue;
    if (!best || countries.size > REGION_COUNTRIES[best].size) best = region;
  }
  return best;
}
