import { OWN_PLATFORM, PLATFORMS, type Region } from '@market/shared';

/*
 * Suppliers spell platforms and regions their own way (CodesWholesale `PSN`, `Uplay`, `Origin`;
 * Wock `Ubisoft`, `Epic`; BuyGamesGuru `Nintendo`, `Xbox`; PrepaidForge `PlayStation`). These map
 * them onto the spec's PLATFORMS (by slug, as products store them) and REGIONS.
 */

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A family spelling that names no console generation: which one comes from the product's name. */
type Family = (name: string) => string[];

const playstation: Family = (name) => {
  const n = key(name);
  if (/\b(ps5|playstation 5)\b/.test(n)) return ['ps5'];
  if (/\b(ps4|playstation 4)\b/.test(n)) return ['ps4'];
  if (/\b(ps3|playstation 3)\b/.test(n)) return ['ps3'];
  if (/\b(vita|ps vita)\b/.test(n)) return ['ps-vita'];
  // The current console first; a PS4 product is still a candidate.
  return ['ps5', 'ps4'];
};

const xbox: Family = (name) => {
  const n = key(name);
  if (/\bseries (x|s|xs|x s)\b|\bxbox series\b/.test(n)) return ['xbox-series'];
  if (/\bxbox one\b/.test(n)) return ['xbox-one'];
  if (/\b(xbox )?360\b/.test(n)) return ['xbox-360'];
  return ['xbox-series', 'xbox-one', 'xbox-one-xbox-series-xs'];
};

const fixed =
  (...slugs: string[]): Family =>
  () =>
    slugs;

/** Spellings beyond the spec's own names and slugs, by their `key()`. */
const ALIASES: Record<string, Family> = {
  psn: playstation,
  ps: playstation,
  playstation: playstation,
  'playstation network': playstation,
  'playstation store': playstation,
  xbox: xbox,
  'xbox live': xbox,
  'microsoft xbox': xbox,
  'xbox series x s': fixed('xbox-series'),
  'xbox series xs': fixed('xbox-series'),
  uplay: fixed('ubisoft-connect'),
  ubisoft: fixed('ubisoft-connect'),
  'ubisoft store': fixed('ubisoft-connect'),
  origin: fixed('ea-app'),
  ea: fixed('ea-app'),
  'ea play': fixed('ea-app'),
  'ea origin': fixed('ea-app'),
  epic: fixed('epic-games'),
  'epic games store': fixed('epic-games'),
  egs: fixed('epic-games'),
  nintendo: fixed('nintendo-switch'),
  switch: fixed('nintendo-switch'),
  'nintendo eshop': fixed('nintendo-switch'),
  eshop: fixed('nintendo-switch'),
  'rockstar games': fixed('rockstar'),
  'rockstar games launcher': fixed('rockstar'),
  'social club': fixed('rockstar'),
  'gog com': fixed('gog'),
  windows: fixed('windows-10'),
  'windows 11': fixed('windows-10'),
  'microsoft store': fixed('windows-10'),
};

/** The spec's platforms by name and by slug (the shop's own platform is not a supplier's). */
const SPEC: Map<string, string> = new Map(
  PLATFORMS.filter((p) => p.name !== OWN_PLATFORM).flatMap((p) => [
    [key(p.name), p.slug],
    [key(p.slug), p.slug],
  ]),
);

/**
 * The marketplace platforms (slugs) a supplier's platform may be, best first; empty when the
 * spelling is unknown. `PSN` is PS4 or PS5 as the product's name says, PS5 first when it does not.
 */
export function platformCandidates(supplierPlatform: string | null, name: string): string[] {
  if (supplierPlatform === null) return [];
  const k = key(supplierPlatform);
  const spec = SPEC.get(k);
  if (spec) return [spec];
  return ALIASES[k]?.(name) ?? [];
}

const WORLDWIDE = new Set(['worldwide', 'global', 'ww', 'world', 'region free']);

/**
 * The spec's region of a supplier's regions: Global when any is worldwide, ROW for anything
 * narrower (EU, US…), null when the supplier says none.
 */
export function regionOf(supplierRegions: readonly string[]): Region | null {
  if (supplierRegions.length === 0) return null;
  return supplierRegions.some((r) => WORLDWIDE.has(key(r))) ? 'Global' : 'ROW';
}
