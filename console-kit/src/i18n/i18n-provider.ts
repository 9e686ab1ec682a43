import { DEFAULT_LOCALE, type Locale } from '@market/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { consoleMessagesEn, consoleMessagesIt } from './console-messages.ts';
import { CONSOLE_LOCALES, toLocale } from './locales.ts';
import { mergeMessages, type MessageTree, type TranslationOf } from './message-tree.ts';
import { raItalianMessages } from './ra-it.ts';

/** The messages every console must define: its title (login page, app bar) and dashboard texts. */
export interface ConsoleAppMessages extends MessageTree {
  app: {
    title: string;
    // `intro` and `sections`: the placeholder list homes showed before the work queues.
    dashboard: { title: string; intro?: string; sections?: Record<string, string> };
  };
}

/** All messages of a console per locale: react-admin's, then the kit's, then the app's own. */
export function buildConsoleMessages<T extends ConsoleAppMessages>(
  en: T,
  it: TranslationOf<T>,
): Record<Locale, TranslationMessages> {
  return {
    en: mergeMessages(englishMessages, consoleMessagesEn, en),
    it: mergeMessages(raItalianMessages, consoleMessagesIt, it as MessageTree),
  };
}

/** Polyglot i18n provider in English by default, switchable to Italian from the app bar. */
export function createI18nProvider<T extends ConsoleAppMessages>(
  en: T,
  it: TranslationOf<T>,
): I18nProvider {
  const messages = buildConsoleMessages(en, it);
  return polyglotI18nProvider(
    (locale) => messages[toLocale(locale)],
    DEFAULT_LOCALE,
    CONSOLE_LOCALES,
  );
}
