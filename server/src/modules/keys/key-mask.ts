import { keyCodeCharacters } from './key-code.ts';

/** Codes with fewer letters and digits than this show none of them: their tail is too much. */
const MIN_LENGTH_SHOWN = 10;
/** The most characters any mask shows. */
const MAX_SHOWN = 6;

/** How many of a code's last letters and digits its mask shows: a fifth, rounded down, at most 6. */
export function shownKeyCharacters(length: number): number {
  return length < MIN_LENGTH_SHOWN ? 0 : Math.min(MAX_SHOWN, Math.floor(length / 5));
}

/**
 * What a list shows of a code: a fixed mask (it says nothing of the length) ending in the last
 * fifth of its letters and digits (`•••• •••• •••• AB1`), or in bullets for a short code.
 */
export function maskKeyCode(code: string): string {
  const characters = keyCodeCharacters(code);
  const shown = shownKeyCharacters(characters.length);
  return `•••• •••• •••• ${shown ? characters.slice(-shown) : '••••'}`;
}
