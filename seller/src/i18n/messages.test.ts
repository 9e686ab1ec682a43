import { consoleMessagesEn, consoleMessagesIt } from '@market/console-kit';
import { describeMessageParity } from '@market/console-kit/testing';
import { describe, expect, it as test } from 'vitest';
import { SELLER_QUEUES } from '../dashboard/Dashboard.tsx';
import { en } from './en.ts';
import { it } from './it.ts';

describeMessageParity('seller', en, it);

describe('seller messages', () => {
  test('every work queue of the home has a label in each language', () => {
    for (const { key } of SELLER_QUEUES) {
      expect(consoleMessagesEn.app.work).toHaveProperty(key);
      expect(consoleMessagesIt.app.work).toHaveProperty(key);
    }
  });
});
