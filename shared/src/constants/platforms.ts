/** The shop's own platform (products redeemed on the marketplace itself, e.g. its gift cards). */
export const OWN_PLATFORM = '{host}';

/** The spec's platform list. `guide` is false for the two platforms without an activation guide. */
export const PLATFORMS: ReadonlyArray<{ name: string; slug: string; guide: boolean }> = [
  { name: OWN_PLATFORM, slug: 'marketplace', guide: true },
  { name: 'EA App', slug: 'ea-app', guide: true },
  { name: 'Epic Games', slug: 'epic-games', guide: true },
  { name: 'GOG', slug: 'gog', guide: true },
  { name: 'MOG Station', slug: 'mog-station', guide: true },
  { name: 'NCSoft', slug: 'ncsoft', guide: true },
  { name: 'Nintendo Switch', slug: 'nintendo-switch', guide: true },
  { name: 'PS Vita', slug: 'ps-vita', guide: false },
  { name: 'PS3', slug: 'ps3', guide: true },
  { name: 'PS4', slug: 'ps4', guide: true },
  { name: 'PS5', slug: 'ps5', guide: true },
  { name: 'Rockstar', slug: 'rockstar', guide: true },
  { name: 'Steam', slug: 'steam', guide: true },
  { name: 'Ubisoft Connect', slug: 'ubisoft-connect', guide: true },
  { name: 'Windows 10', slug: 'windows-10', guide: true },
  { name: 'Windows 10-Xbox One', slug: 'windows-10-xbox-one', guide: true },
  {
    name: 'Windows 10-Xbox One/Xbox Series XS',
    slug: 'windows-10-xbox-one-xbox-series-xs',
    guide: true,
  },
  { name: 'XBOX 360', slug: 'xbox-360', guide: false },
  { name: 'XBOX One', slug: 'xbox-one', guide: true },
  { name: 'XBOX Series', slug: 'xbox-series', guide: true },
  { name: 'Xbox One / Xbox Series XS', slug: 'xbox-one-xbox-series-xs', guide: true },
];

/** Activation-guide path of a platform, or null when it has none. */
export function activationGuidePath(slug: string): string | null {
  const platform = PLATFORMS.find((p) => p.slug === slug);
  return platform?.guide ? `/support/docs/guides/${platform.slug}` : null;
}
