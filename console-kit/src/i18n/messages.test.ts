import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { consoleMessagesEn, consoleMessagesIt } from './console-messages.ts';
import { createI18nProvider } from './i18n-provider.ts';
import { flattenMessages, mergeMessages, messageKeys, placeholdersOf } from './message-tree.ts';
import { raItalianMessages } from './ra-it.ts';

const appEn = {
  app: { title: 'Console', dashboard: { title: 'Home', intro: 'Hi', sections: { a: 'A' } } },
};
const appIt = {
  app: { title: 'Console', dashboard: { title: 'Inizio', intro: 'Ciao', sections: { a: 'A' } } },
};

describe('Italian messages', () => {
  it('translate every react-admin key of ra-language-english, and nothing else', () => {
    expect(messageKeys(raItalianMessages)).toEqual(messageKeys(englishMessages));
  });

  it("translate every key of the kit's own English messages", () => {
    expect(messageKeys(consoleMessagesIt)).toEqual(messageKeys(consoleMessagesEn));
  });

  it('keep the same %{placeholders} as English in every phrase', () => {
    const english = flattenMessages(mergeMessages(englishMessages, consoleMessagesEn));
    const italian = flattenMessages(mergeMessages(raItalianMessages, consoleMessagesIt));
    for (const [key, phrase] of Object.entries(english)) {
      expect(placeholdersOf(italian[key] ?? ''), key).toEqual(placeholdersOf(phrase));
    }
  });
});

describe('createI18nProvider', () => {
  it('starts in English and offers English and Italian', () => {
    const i18n = createI18nProvider(appEn, appIt);
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'it', name: 'Italiano' },
    ]);
    expect(i18n.translate('ra.auth.sign_in')).toBe('Sign in');
    expect(i18n.translate('app.auth.wrong_role')).toBe(
      'This account is not allowed to use this console.',
    );
  });

  it('switches react-admin, kit and app messages to Italian', async () => {
    const i18n = createI18nProvider(appEn, appIt);
    await i18n.changeLocale('it');
    expect(i18n.translate('ra.auth.sign_in')).toBe('Accedi');
    expect(i18n.translate('app.auth.invalid_credentials')).toBe('Email o password errate.');
    expect(i18n.translate('app.dashboard.title')).toBe('Inizio');
    expect(i18n.translate('app.dashboard.greeting', { email: 'a@b.it' })).toBe('Ciao, a@b.it');
  });

  it('falls back to English for a locale it does not know', async () => {
    const i18n = createI18nProvider(appEn, appIt);
    await i18n.changeLocale('de');
    expect(i18n.translate('ra.action.save')).toBe('Save');
  });
});
