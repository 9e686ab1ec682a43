/** A URL segment as a readable label: hyphens become spaces, the first letter is capitalised. */
export function labelFromSegment(segment: string): string {
  const text = safeDecode(segment).replaceAll('-', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A platform name for display: the shop's own platform (`{host}`) is named after the host. */
export function platformLabel(name: string, host: string): string {
  return name.replaceAll('{host}', host);
}
