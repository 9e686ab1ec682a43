import {
  buildConsoleMessages,
  flattenMessages,
  messageKeys,
  placeholdersOf,
} from '@market/console-kit';
import { LOCALES } from '@market/shared';
import { describe, expect, it as test } from 'vitest';
import { ADMIN_SECTIONS } from '../dashboard/Dashboard.tsx';
import { en } from './en.ts';
import { it } from './it.ts';

describe('admin messages', () => {
  test('Italian has exactly the keys of English (no missing or stray translation)', () => {
    expect(messageKeys(it)).toEqual(messageKeys(en));
  });

  test('the whole Italian UI (react-admin + kit + admin) has every English key', () => {
    const all = buildConsoleMessages(en, it);
    expect(messageKeys(all.it)).toEqual(messageKeys(all.en));
  });

  test('Italian phrases keep the %{placeholders} of the English ones', () => {
    const italian = flattenMessages(it);
    for (const [key, phrase] of Object.entries(flattenMessages(en))) {
      expect(placeholdersOf(italian[key] ?? ''), key).toEqual(placeholdersOf(phrase));
    }
  });

  test('every dashboard section has a text, and every text a section', () => {
    expect([...ADMIN_SECTIONS].sort()).toEqual(Object.keys(en.app.dashboard.sections).sort());
  });

  test('there is a category name label for every locale', () => {
    expect(Object.keys(en.resources.categories.fields.names).sort()).toEqual([...LOCALES].sort());
  });
});
