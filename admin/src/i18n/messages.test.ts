import { describeMessageParity } from '@market/console-kit/testing';
import { LOCALES } from '@market/shared';
import { describe, expect, it as test } from 'vitest';
import { ADMIN_SECTIONS } from '../dashboard/Dashboard.tsx';
import { en } from './en.ts';
import { it } from './it.ts';

describeMessageParity('admin', en, it);

describe('admin messages', () => {
  test('every dashboard section has a text, and every text a section', () => {
    expect([...ADMIN_SECTIONS].sort()).toEqual(Object.keys(en.app.dashboard.sections).sort());
  });

  test('there is a category name label for every locale', () => {
    expect(Object.keys(en.resources.categories.fields.names).sort()).toEqual([...LOCALES].sort());
  });
});
