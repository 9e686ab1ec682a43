import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, guessCountry } from './buyer-country.ts';

describe('guessCountry', () => {
  it.each([
    ['it-IT', 'IT'],
    ['de-AT', 'AT'],
    ['en-us', 'US'],
    ['zh-Hant-TW', 'TW'],
  ])('%s names %s', (tag, country) => expect(guessCountry(tag)).toBe(country));

  it('asks when no language names a country (bare en, a continent)', () => {
    expect(guessCountry('en')).toBeNull();
    expect(guessCountry(['es-419', 'fr'])).toBeNull();
  });

  it('takes the first language that names a country', () => {
    expect(guessCountry(['en', 'fr-BE', 'it-IT'])).toBe('BE');
  });
});

describe('country names', () => {
  it('names countries in both languages, sorted as each language sorts', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'it')).toBe('Germania');
    const it = countryOptions('it');
    expect(it).toHaveLength(249);
    expect(it.find((c) => c.code === 'IT')).toEqual({ code: 'IT', name: 'Italia', eu: true });
    expect(it.find((c) => c.code === 'US')?.eu).toBe(false);
    const names = it.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('it').compare));
  });
});
