import { DEFAULT_LOCALE, type Locale } from '@market/shared';

/** The text in `locale`, else English, else '': blank texts count as missing translations. */
export function pickLocalized(value: unknown, locale: Locale): string {
  if (typeof value !== 'object' || value === null) return '';
  const texts: Partial<Record<string, unknown>> = value;
  return [texts[locale], texts[DEFAULT_LOCALE]].find(isFilledText) ?? '';
}

function isFilledText(text: unknown): text is string {
  return typeof text === 'string' && text.trim() !== '';
}
