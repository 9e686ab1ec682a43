const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Uniform random indexes below `size` from the platform's cryptographic source (no modulo bias). */
function randomIndexes(count: number, size: number): number[] {
  const out: number[] = [];
  const limit = 256 - (256 % size);
  while (out.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < limit && out.length < count) out.push(byte % size);
    }
  }
  return out;
}

/** A random key: four groups of four characters from A-Z and 0-9, joined by hyphens. */
export function randomKeyCode(): string {
  const chars = randomIndexes(16, KEY_ALPHABET.length).map((i) => KEY_ALPHABET[i]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

export const KEY_CODE_PATTERN = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

/** A transaction id: the current time in base 36 followed by random digits in base 36. */
export function transactionId(now: number = Date.now()): string {
  const random = randomIndexes(8, 36)
    .map((i) => i.toString(36))
    .join('');
  return `${now.toString(36)}${random}`;
}
