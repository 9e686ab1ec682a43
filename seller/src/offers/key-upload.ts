import type { KeyUploadResult } from '@market/shared';

/**
 * Reading pasted or file-uploaded key codes and cutting them into upload batches. Pure: the
 * codes are secrets, so nothing here logs or keeps them.
 */

/** How many codes one `POST /offers/:id/keys` carries (the API takes up to 5000). */
export const KEY_BATCH_SIZE = 500;

/** The lines of a text, whatever its line endings, without a leading byte order mark. */
function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** Pasted codes, one per line: trimmed, empty lines dropped. */
export function parseKeyLines(text: string): string[] {
  return linesOf(text)
    .map((line) => line.trim())
    .filter((code) => code !== '');
}

/** The first cell of a CSV line: a quoted cell (with `""` for a quote) or up to `,` `;` or tab. */
export function firstCsvCell(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('"')) return trimmed.split(/[,;\t]/, 1)[0]!.trim();
  let cell = '';
  for (let i = 1; i < trimmed.length; i++) {
    const char = trimmed[i];
    if (char !== '"') cell += char;
    else if (trimmed[i + 1] === '"') {
      cell += '"';
      i++;
    } else break;
  }
  return cell.trim();
}

/** Codes from a CSV or TXT file: the first column of each line, trimmed, empty ones dropped. */
export function parseKeyFile(text: string): string[] {
  return linesOf(text)
    .map(firstCsvCell)
    .filter((code) => code !== '');
}

/** `codes` in consecutive batches of at most `size` (none for no codes). */
export function toBatches<T>(codes: readonly T[], size = KEY_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`not a batch size: ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < codes.length; start += size) {
    batches.push(codes.slice(start, start + size));
  }
  return batches;
}

/** The report of an upload so far: counts summed over the batches, the stock of the latest. */
export function addUploadResult(
  total: KeyUploadResult | undefined,
  batch: KeyUploadResult,
): KeyUploadResult {
  if (!total) return { ...batch };
  return {
    accepted: total.accepted + batch.accepted,
    duplicates: total.duplicates + batch.duplicates,
    rejected: total.rejected + batch.rejected,
    stock: batch.stock,
  };
}
