import { describe, expect, it as test } from 'vitest';
import { buildConsoleMessages, type ConsoleAppMessages } from '../i18n/i18n-provider.ts';
import {
  flattenMessages,
  messageKeys,
  placeholdersOf,
  type MessageTree,
  type TranslationOf,
} from '../i18n/message-tree.ts';

/** The checks every console's messages pass: Italian matches English key for key and placeholder for placeholder. */
export function describeMessageParity<T extends ConsoleAppMessages>(
  consoleName: string,
  en: T,
  it: TranslationOf<T>,
) {
  describe(`${consoleName} messages`, () => {
    test('Italian has exactly the keys of English (no missing or stray translation)', () => {
      expect(messageKeys(it as MessageTree)).toEqual(messageKeys(en));
    });

    test(`the whole Italian UI (react-admin + kit + ${consoleName}) has every English key`, () => {
      const all = buildConsoleMessages(en, it);
      expect(messageKeys(all.it)).toEqual(messageKeys(all.en));
    });

    test('Italian phrases keep the %{placeholders} of the English ones', () => {
      const italian = flattenMessages(it as MessageTree);
      for (const [key, phrase] of Object.entries(flattenMessages(en))) {
        expect(placeholdersOf(italian[key] ?? ''), key).toEqual(placeholdersOf(phrase));
      }
    });
  });
}
