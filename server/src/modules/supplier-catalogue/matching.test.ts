import { PLATFORMS, SUPPLIER_IDS } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { seedSandboxCatalogue } from '../../sandboxes/suppliers/catalogue.ts';
import { demoCatalogue } from '../../seed/demo-catalogue.ts';
import { createMatcher, matchScore, nameScore, type Matchable } from './matcher.ts';
import { normaliseName } from './normalise.ts';
import { platformCandidates, regionOf } from './spellings.ts';

describe('normaliseName', () => {
  it.each([
    ['Iron Frontier', 'iron frontier'],
    ['IRON FRONTIER (PC) - Steam Key GLOBAL', 'iron frontier'],
    ['Hollow Crown II – Standard Edition', 'hollow crown 2'],
    ['Hollow Crown 2 [EU]', 'hollow crown 2'],
    ['Pokémon Légendes', 'pokemon legendes'],
    ['Assassin’s Creed® Valhalla™', 'assassins creed valhalla'],
    ['Final Fantasy XIV Online', 'final fantasy 14 online'],
    ['Grand Theft Auto V (PS4) PSN Key', 'grand theft auto 5'],
    ['Neon Drift Game of the Year Edition', 'neon drift goty'],
    ['Office Suite – 1 device, 1 year', 'office suite 1 device 1 year'],
    ['Tom & Jerry', 'tom and jerry'],
    ['Frostbound (Region Free) CD Key', 'frostbound'],
  ])('reads %j as %j', (raw, normalised) => {
    expect(normaliseName(raw)).toBe(normalised);
  });

  it('keeps editions that change what the buyer gets', () => {
    expect(normaliseName('Neon Drift Deluxe Edition')).toBe('neon drift deluxe');
    expect(normaliseName('Neon Drift Season Pass')).toBe('neon drift season pass');
  });

  it('keeps bracketed words that are not platform or region tags', () => {
    expect(normaliseName('Frontier (Director’s Cut)')).toBe('frontier directors cut');
  });

  it('keeps "Steam" when it names the product, not the key', () => {
    expect(normaliseName('Steam Wallet 50 EUR')).toBe('steam wallet 50 eur');
  });
});

describe('platformCandidates', () => {
  it.each([
    ['PSN', 'Iron Frontier', ['ps5', 'ps4']],
    ['PSN', 'Iron Frontier PS4', ['ps4']],
    ['PSN', 'Iron Frontier (PlayStation 5)', ['ps5']],
    ['PlayStation', 'PlayStation Store 50 EUR', ['ps5', 'ps4']],
    ['Uplay', 'x', ['ubisoft-connect']],
    ['Ubisoft', 'x', ['ubisoft-connect']],
    ['Origin', 'x', ['ea-app']],
    ['Epic', 'x', ['epic-games']],
    ['Nintendo', 'x', ['nintendo-switch']],
    ['Xbox', 'Iron Frontier Xbox One', ['xbox-one']],
    ['Xbox', 'Iron Frontier', ['xbox-series', 'xbox-one', 'xbox-one-xbox-series-xs']],
    ['steam', 'x', ['steam']],
    ['XBOX Series', 'x', ['xbox-series']],
    ['Xbox One / Xbox Series XS', 'x', ['xbox-one-xbox-series-xs']],
    ['Battle.net', 'x', []],
  ])('maps %s (%s) to %j', (spelling, name, slugs) => {
    expect(platformCandidates(spelling, name)).toEqual(slugs);
  });

  it('maps every platform of the spec spelt as the spec does', () => {
    for (const p of PLATFORMS.slice(1)) expect(platformCandidates(p.name, 'x')).toEqual([p.slug]);
  });

  it('knows nothing of a product without a platform', () => {
    expect(platformCandidates(null, 'Marketplace Gift Card 50 EUR')).toEqual([]);
  });
});

describe('regionOf', () => {
  it('is Global for a worldwide key, ROW for anything narrower, null when unsaid', () => {
    expect(regionOf(['WORLDWIDE'])).toBe('Global');
    expect(regionOf(['EU', 'GLOBAL'])).toBe('Global');
    expect(regionOf(['ROW'])).toBe('ROW');
    expect(regionOf(['EU'])).toBe('ROW');
    expect(regionOf([])).toBeNull();
  });
});

describe('nameScore', () => {
  it('is 1 for the same name and less for shared words', () => {
    expect(nameScore('iron frontier', 'iron frontier')).toBe(1);
    expect(nameScore('iron frontier', 'iron frontier deluxe')).toBeCloseTo(0.72);
    expect(nameScore('iron frontier', 'wild frontier')).toBeCloseTo(0.45);
  });

  it('tells sequels and face values apart', () => {
    expect(nameScore('hollow crown 2', 'hollow crown 3')).toBe(0);
    expect(nameScore('hollow crown 2', 'hollow crown')).toBe(0);
    expect(nameScore('steam wallet 50 eur', 'steam wallet 25 eur')).toBe(0);
  });
});

describe('matchScore', () => {
  const product = (platform: string, region: 'Global' | 'ROW') => ({
    id: 'p',
    name: 'Iron Frontier',
    normalisedName: 'iron frontier',
    platform,
    region,
  });
  const query = {
    normalisedName: 'iron frontier',
    platforms: ['ps5', 'ps4'],
    region: 'Global' as const,
  };

  it('scores 1 for the same name, platform and region', () => {
    expect(matchScore(query, product('ps5', 'Global'))).toBe(1);
  });

  it('scores a second-guess platform and a worldwide key for a ROW product lower', () => {
    expect(matchScore(query, product('ps4', 'Global'))).toBe(0.96);
    expect(matchScore(query, product('ps5', 'ROW'))).toBe(0.97);
  });

  it('never suggests another platform, nor a narrower key for a Global product', () => {
    expect(matchScore(query, product('steam', 'Global'))).toBeNull();
    expect(matchScore({ ...query, region: 'ROW' }, product('ps5', 'Global'))).toBeNull();
  });

  it('still suggests by name when the supplier says no platform or region, scored lower', () => {
    const vague = { normalisedName: 'iron frontier', platforms: [], region: null };
    expect(matchScore(vague, product('steam', 'Global'))).toBe(0.85);
  });
});

describe('suggestions on the sandboxes’ catalogues', () => {
  const demo = demoCatalogue();
  const products: Matchable[] = demo.map((p) => ({
    id: p.slug,
    name: p.name.en,
    platform: p.platform,
    region: p.region,
  }));
  const matcher = createMatcher(products);
  const byName = new Map(demo.map((p) => [p.name.en, p.slug]));

  it.each(SUPPLIER_IDS)(
    'finds, first, the demo product each %s product was made from',
    (supplier) => {
      const catalogue = seedSandboxCatalogue(supplier);
      const fromDemo = catalogue.filter((p) => byName.has(p.name));
      expect(fromDemo.length).toBeGreaterThan(20);
      for (const p of fromDemo) {
        const [best] = matcher.suggest({
          normalisedName: normaliseName(p.name),
          platforms: platformCandidates(p.platform, p.name),
          region: regionOf(p.regions),
        });
        expect(best?.productId, p.name).toBe(byName.get(p.name));
      }
    },
  );

  it('suggests nothing for a product the marketplace does not have', () => {
    const query = {
      normalisedName: normaliseName('Starfall Odyssey 3'),
      platforms: [],
      region: null,
    };
    expect(matcher.suggest(query)).toEqual([]);
  });
});
