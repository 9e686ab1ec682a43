/**
 * Saves `content` as a file named `name` that the browser downloads. The consoles sign their calls
 * with a Bearer token a plain link cannot carry, so a download fetches the file and saves it here.
 */
export function saveFile(name: string, content: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The type of the CSV files the consoles save (statements, OSS reports). */
export const CSV_TYPE = 'text/csv;charset=utf-8';
