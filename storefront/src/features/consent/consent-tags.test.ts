import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  CONSENT_MAX_AGE,
  REJECT_ALL,
  parseConsent,
  serializeConsent,
} from './consent-cookie.ts';
import { allowedTags, hasTags } from './consent-tags.ts';

describe('consent cookie', () => {
  it('round-trips every choice through the cookie', () => {
    for (const consent of [
      ACCEPT_ALL,
      REJECT_ALL,
      { analytics: true, marketing: false },
      { analytics: false, marketing: true },
    ]) {
      const cookie = serializeConsent(consent, false).split(';')[0]!;
      expect(parseConsent(`theme=dark; ${cookie}; cart=1`)).toEqual(consent);
    }
  });

  it('writes a six-month, site-wide, client-readable cookie', () => {
    const cookie = serializeConsent({ analytics: false, marketing: true }, true);
    expect(cookie).toBe(
      `consent=v1:a0m1; path=/; max-age=${CONSENT_MAX_AGE}; samesite=lax; secure`,
    );
    expect(CONSENT_MAX_AGE).toBe(180 * 24 * 3600);
    expect(cookie).not.toMatch(/httponly/i);
  });

  it('counts no cookie, another version or a malformed value as no choice', () => {
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('theme=dark')).toBeNull();
    expect(parseConsent('consent=v2:a1m1')).toBeNull();
    expect(parseConsent('consent=v1:a2m1')).toBeNull();
    expect(parseConsent('consent=yes')).toBeNull();
  });
});

describe('which tags may load', () => {
  const tags = {
    analytics: 'https://a.example/a.js',
    marketing: 'https://m.example/m.js',
    chat: 'https://c.example/c.js',
  };

  it('loads nothing before a choice or after rejecting all', () => {
    expect(allowedTags(null, tags)).toEqual([]);
    expect(allowedTags(REJECT_ALL, tags)).toEqual([]);
  });

  it('loads each tag only with its category: the chat widget is marketing', () => {
    const ids = (consent: typeof ACCEPT_ALL) => allowedTags(consent, tags).map((t) => t.id);
    expect(ids(ACCEPT_ALL)).toEqual(['analytics', 'marketing', 'chat']);
    expect(ids({ analytics: true, marketing: false })).toEqual(['analytics']);
    expect(ids({ analytics: false, marketing: true })).toEqual(['marketing', 'chat']);
  });

  it('loads only configured tags, and without any there is nothing to ask', () => {
    expect(allowedTags(ACCEPT_ALL, { analytics: tags.analytics })).toEqual([
      { id: 'analytics', url: tags.analytics },
    ]);
    expect(hasTags({})).toBe(false);
    expect(hasTags({ chat: tags.chat })).toBe(true);
  });
});
