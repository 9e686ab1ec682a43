import { DEFAULT_LOCALE, LocaleSchema, LOCALES, type Locale } from '@market/shared';

/** Each language's name in itself, as the locale switcher lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', it: 'Italiano' };

/** The locales react-admin offers in the app bar's switcher. */
export const CONSOLE_LOCALES = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/** A supported locale from react-admin's locale state; anything unknown falls back to English. */
export function toLocale(value: string): Locale {
  const parsed = LocaleSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}
