import { describe, expect, it } from 'vitest';
import {
  currencyFromCookie,
  currencyFromFragment,
  currencyScript,
  formatCents,
  guessCurrency,
  pickCurrency,
} from './currency.ts';

describe('pickCurrency', () => {
  it.each([
    ['en-US guesses dollars', '', '', 'en-US', 'usd'],
    ['en-GB guesses pounds', '', '', 'en-GB', 'gbp'],
    ['bare en guesses euros', '', '', 'en', 'eur'],
    ['it-IT guesses euros', '', '', 'it-IT', 'eur'],
    ['de-DE guesses euros', '', '', 'de-DE', 'eur'],
    ['fr guesses euros', '', '', 'fr', 'eur'],
    ['lowercase en-us still guesses dollars', '', '', 'en-us', 'usd'],
    ['en_GB with an underscore guesses pounds', '', '', 'en_GB', 'gbp'],
    ['an empty language guesses euros', '', '', '', 'eur'],
    ['the cookie overrides the guess', '', 'theme=dark; currency=gbp', 'en-US', 'gbp'],
    ['the fragment overrides the cookie', '#currency:usd', 'currency=gbp', 'en-GB', 'usd'],
    ['an uppercase fragment is read', '#currency:GBP', '', 'en-US', 'gbp'],
    ['a bad fragment is ignored for the cookie', '#currency:jpy', 'currency=gbp', 'en-US', 'gbp'],
    ['a bad fragment is ignored for the guess', '#currency', '', 'en-US', 'usd'],
    ['an unrelated fragment is ignored', '#offers', '', 'en-GB', 'gbp'],
    ['a bad cookie value is ignored', '', 'currency=yen', 'en-GB', 'gbp'],
    ['a cookie merely ending in currency is ignored', '', 'xcurrency=usd', 'it', 'eur'],
  ])('%s', (_name, hash, cookie, language, expected) => {
    expect(pickCurrency(hash, cookie, language)).toBe(expected);
  });
});

describe('currencyFromFragment', () => {
  it('reads the fragment with or without its hash sign', () => {
    expect(currencyFromFragment('#currency:eur')).toBe('eur');
    expect(currencyFromFragment('currency:usd')).toBe('usd');
    expect(currencyFromFragment('#currency:usd2')).toBeNull();
    expect(currencyFromFragment('')).toBeNull();
  });
});

describe('currencyFromCookie', () => {
  it('finds the cookie among others', () => {
    expect(currencyFromCookie('a=1; currency=usd; b=2')).toBe('usd');
    expect(currencyFromCookie('a=1')).toBeNull();
  });
});

describe('guessCurrency', () => {
  it('ignores the case of the language tag', () => {
    expect(guessCurrency('EN-US')).toBe('usd');
    expect(guessCurrency('En-Gb')).toBe('gbp');
  });
});

describe('formatCents', () => {
  it.each([
    [499, 'eur', 'en', '€4.99'],
    [539, 'usd', 'en', '$5.39'],
    [429, 'gbp', 'en', '£4.29'],
    [0, 'eur', 'en', '€0.00'],
    [123456, 'usd', 'en', '$1,234.56'],
    [499.5, 'eur', 'en', '€5.00'],
    [499.4, 'eur', 'en', '€4.99'],
    [7, 'gbp', 'en', '£0.07'],
  ] as const)('%d cents of %s in %s is %s', (cents, currency, locale, text) => {
    expect(formatCents(cents, currency, locale)).toBe(text);
  });

  it('writes Italian prices the Italian way', () => {
    expect(formatCents(1234567, 'eur', 'it').replace(/\s/g, ' ')).toBe('12.345,67 €');
  });
});

describe('currencyScript', () => {
  interface FakeSpan {
    data: Record<string, string>;
    textContent: string;
    getAttribute(name: string): string | null;
  }
  const span = (): FakeSpan => ({
    data: { 'data-eur': '499', 'data-usd': '539', 'data-gbp': '429' },
    textContent: '€4.99',
    getAttribute(name) {
      return this.data[name] ?? null;
    },
  });

  function runScript(hash: string, cookie: string, language: string) {
    const spans = [span(), span()];
    const document = {
      cookie,
      documentElement: { lang: 'en' },
      querySelectorAll: () => spans,
    };
    const listeners: string[] = [];
    const addEventListener = (type: string) => listeners.push(type);
    new Function('document', 'location', 'navigator', 'addEventListener', currencyScript())(
      document,
      { hash },
      { language },
      addEventListener,
    );
    return { spans, cookie: document.cookie, listeners };
  }

  it('stays under 1.5 kB', () => {
    expect(currencyScript().length).toBeLessThan(1500);
  });

  it('rewrites every price in the guessed currency without saving a cookie', () => {
    const result = runScript('', '', 'en-GB');
    expect(result.spans.map((s) => s.textContent)).toEqual(['£4.29', '£4.29']);
    expect(result.cookie).toBe('');
    expect(result.listeners).toEqual(['hashchange']);
  });

  it('saves a fragment choice in a one-year cookie', () => {
    const result = runScript('#currency:usd', 'currency=gbp', 'en-GB');
    expect(result.spans[0]!.textContent).toBe('$5.39');
    expect(result.cookie).toBe('currency=usd;path=/;max-age=31536000;samesite=lax');
  });
});
