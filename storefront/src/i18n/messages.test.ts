import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { it as itMessages } from './it.ts';

function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leafPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

function at(messages: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
}

describe('messages', () => {
  it('gives Italian the same keys and the same placeholders as English', () => {
    const paths = leafPaths(en);
    expect(leafPaths(itMessages)).toEqual(paths);
    for (const path of paths) {
      expect(placeholders(String(at(itMessages, path))), path).toEqual(
        placeholders(String(at(en, path))),
      );
    }
  });

  it('keeps the sign-in labels distinct enough for label lookups', () => {
    // Playwright's getByLabel('Email') must not also find the marketing checkbox.
    for (const messages of [en, itMessages]) {
      expect(messages.login.marketingConsent.toLowerCase()).not.toContain(
        messages.login.email.toLowerCase(),
      );
    }
  });
});
