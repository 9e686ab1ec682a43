/**
 * How names and queries are cut into words, so that both sides compare the same: lower case,
 * accents stripped ("Pokémon" = "pokemon"), every other character (hyphens, dashes, commas,
 * apostrophes) a space, so "emerald-drift" is the two words "emerald drift".
 */
export function foldWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

// Up to XX: the sequels and editions names carry ("GTA V", "Final Fantasy XV" is beyond it and
// stays a word). Longer spellings would start catching ordinary words.
const ROMAN = [
  'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x',
  'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi', 'xvii', 'xviii', 'xix', 'xx',
]; // prettier-ignore
const ROMAN_VALUE = new Map(ROMAN.map((r, i) => [r, String(i + 1)]));

/**
 * A roman numeral word as its digits ("v" → "5"), any other word as it is: the index keeps the
 * digits, so "Dynasty V" and "dynasty 5" meet. Used on both sides.
 */
export const numeralWord = (word: string): string => ROMAN_VALUE.get(word) ?? word;

/** Whether the word was a roman numeral (a query keeps its letters too: "v" may start "valor"). */
export const isRoman = (word: string): boolean => ROMAN_VALUE.has(word);
