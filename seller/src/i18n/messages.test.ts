import { describeMessageParity } from '@market/console-kit/testing';
import { describe, expect, it as test } from 'vitest';
import { SELLER_SECTIONS } from '../dashboard/Dashboard.tsx';
import { en } from './en.ts';
import { it } from './it.ts';

describeMessageParity('seller', en, it);

describe('seller messages', () => {
  test('every dashboard section has a text, and every text a section', () => {
    expect([...SELLER_SECTIONS].sort()).toEqual(Object.keys(en.app.dashboard.sections).sort());
  });
});
