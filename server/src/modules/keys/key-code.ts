/**
 * Separators only group a code's letters and digits for reading: spaces, hyphens, underscores and
 * dots (the ones `UPLOAD_KEY_CODE_PATTERN` allows). `ABCDE-FGHIJ`, `ABCDEFGHIJ` and `abcde fghij`
 * are one key.
 */
const SEPARATORS = /[ ._-]/g;

/** A code's letters and digits: without surrounding space and separators, case kept. */
export const keyCodeCharacters = (code: string) => code.trim().replace(SEPARATORS, '');

/**
 * What the duplicate hash is computed from: the code's letters and digits, upper-cased. Codes are
 * compared case-insensitively on purpose, though a few gift-card codes are case-sensitive: folding
 * case can only refuse a code as a false duplicate, never let one key be sold twice. The stored
 * (encrypted) code is kept exactly as uploaded; only this comparison form is normalised.
 */
export const normaliseKeyCode = (code: string) => keyCodeCharacters(code).toUpperCase();
