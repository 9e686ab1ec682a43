import { consoleMessagesEn, consoleMessagesIt } from '@market/console-kit';
import { describeMessageParity } from '@market/console-kit/testing';
import { LOCALES } from '@market/shared';
import { describe, expect, it as test } from 'vitest';
import { ADMIN_QUEUES } from '../dashboard/Dashboard.tsx';
import { en } from './en.ts';
import { it } from './it.ts';

describeMessageParity('admin', en, it);

describe('admin messages', () => {
  test('every work queue of the home has a label in each language', () => {
    for (const { key } of ADMIN_QUEUES) {
      expect(consoleMessagesEn.app.work).toHaveProperty(key);
      expect(consoleMessagesIt.app.work).toHaveProperty(key);
    }
  });

  test('there is a category name label for every locale', () => {
    expect(Object.keys(en.resources.categories.fields.names).sort()).toEqual([...LOCALES].sort());
  });
});
