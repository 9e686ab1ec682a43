/*
 * Product names as suppliers and the marketplace write them differ in noise, not in substance:
 * "Iron Frontier (PC) - Steam Key GLOBAL" and "Iron Frontier" are the same product, "Hollow
 * Crown II Standard Edition" and "Hollow Crown 2" too. Normalising both sides the same way lets
 * the mapping suggestions compare what matters. Editions that change what the buyer gets
 * (Deluxe, Gold, GOTY, Season Pass) and numbers (sequels, gift-card values, devices) are kept.
 */

/** Whole words that say how or where a key is sold, never what the product is. */
const NOISE_WORDS = new Set([
  'key',
  'keys',
  'cd',
  'code',
  'codes',
  'digital',
  'download',
  'global',
  'worldwide',
  'ww',
  'row',
  'eu',
  'pc',
  'psn',
  'ps4',
  'ps5',
  'standard',
  'edition',
]);

/** Words that, inside brackets, only tag the platform or region: "(Steam)", "[Xbox One]". */
const TAG_WORDS = new Set([
  ...NOISE_WORDS,
  'steam',
  'origin',
  'uplay',
  'ubisoft',
  'connect',
  'epic',
  'games',
  'gog',
  'ea',
  'app',
  'xbox',
  'one',
  'series',
  'x',
  's',
  'xs',
  'nintendo',
  'switch',
  'playstation',
  'windows',
  'mac',
  'europe',
  'us',
  'uk',
  'region',
  'free',
  'account',
]);

/** Phrases spelt more than one way, and noise that is only noise as a phrase. */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bgame of the year\b/g, 'goty'],
  [/\b(steam|origin|uplay|gog|epic games|ea app|rockstar|battle net) (cd )?key\b/g, ' '],
  [/\bregion free\b/g, ' '],
  [/\brest of (the )?world\b/g, ' '],
];

const ROMAN: Record<string, string> = {
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  // "x" too: "Final Fantasy X" is the tenth; both sides read it the same way either way.
  x: '10',
  xi: '11',
  xii: '12',
  xiii: '13',
  xiv: '14',
  xv: '15',
  xvi: '16',
  xvii: '17',
  xviii: '18',
  xix: '19',
  xx: '20',
};

/** Lower case, no accents or marks, apostrophes joined ("assassin's" → "assassins"). */
function plain(name: string): string {
  // The trade marks go first: NFKD would spell ™ as "TM".
  return name
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/&/g, ' and ');
}

const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Brackets holding only platform or region tags go; others keep their words. */
function dropTags(s: string): string {
  return s.replace(/[([{]([^)\]}]*)[)\]}]/g, (_, inner: string) =>
    words(inner).every((w) => TAG_WORDS.has(w)) ? ' ' : ` ${inner} `,
  );
}

/**
 * The name as suggestions compare it: lower case, no accents or punctuation, no platform or
 * region tags, no "standard edition", "key" or "global", roman numerals as digits.
 * `normaliseName('Hollow Crown II – Standard Edition (PC) Steam Key')` is `'hollow crown 2'`.
 */
export function normaliseName(name: string): string {
  let s = dropTags(plain(name));
  s = words(s).join(' ');
  for (const [pattern, replacement] of PHRASES) s = s.replace(pattern, replacement);
  return words(s)
    .filter((w) => !NOISE_WORDS.has(w))
    .map((w) => ROMAN[w] ?? w)
    .join(' ');
}
