import { describe, expect, it } from 'vitest';
import {
  browserLanguages,
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
    ['Spanish of the US guesses dollars', '', '', 'es-US', 'usd'],
    ['Welsh of Britain guesses pounds', '', '', 'cy-GB', 'gbp'],
    ['a script subtag before the country is skipped', '', '', 'zh-Hant-US', 'usd'],
    ['a UN region guesses euros', '', '', 'es-419', 'eur'],
  ])('%s', (_name, hash, cookie, language, expected) => {
    expect(pickCurrency(hash, cookie, language)).toBe(expected);
  });
});

describe('guessCurrency from navigator.languages', () => {
  it.each([
    [['en-US', 'en'], 'usd'],
    [['it', 'en-GB'], 'gbp'],
    [['it-IT', 'en-US'], 'eur'],
    [['de', 'fr', 'en'], 'eur'],
    [[], 'eur'],
  ] as const)(
    '%j guesses %s: the first language naming a country decides',
    (languages, expected) => {
      expect(guessCurrency(languages)).toBe(expected);
    },
  );

  it('reads navigator.languages, else navigator.language', () => {
    expect(browserLanguages({ languages: ['en-GB', 'en'], language: 'en-GB' })).toEqual([
      'en-GB',
      'en',
    ]);
    expect(browserLanguages({ languages: [], language: 'en-US' })).toEqual(['en-US']);
    expect(browserLanguages({})).toEqual(['']);
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
  /** Just enough of a DOM element for the script: attributes, text and a value. */
  class FakeElement {
    textContent = '';
    value = '';
    readonly attributes: Record<string, string>;
    constructor(attributes: Record<string, string>) {
      this.attributes = attributes;
    }
    getAttribute(name: string) {
      return this.attributes[name] ?? null;
    }
    hasAttribute(name: string) {
      return name in this.attributes;
    }
  }
  const priceSpan = () => {
    const element = new FakeElement({
      'data-price': '',
      'data-eur': '499',
      'data-usd': '539',
      'data-gbp': '429',
    });
    element.textContent = '€4.99';
    return element;
  };

  function runScript(hash: string, cookie: string, languages: string[], reloads = false) {
    const elements = [
      priceSpan(),
      priceSpan(),
      new FakeElement({ 'data-currency-switch': '' }),
      new FakeElement({ 'data-range-currency': '' }),
      new FakeElement({ 'data-range-code': '' }),
    ];
    const attribute = (selector: string) => /^\[([\w-]+)\]$/.exec(selector)![1]!;
    const listeners: Record<string, (event: { target: unknown }) => void> = {};
    const location = {
      hash,
      pathname: '/search',
      search: '?q=x',
      reloaded: 0,
      reload() {
        this.reloaded += 1;
      },
    };
    const history = {
      replaceState(_state: unknown, _title: string, url: string) {
        location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
      },
    };
    const document = {
      cookie,
      documentElement: { lang: 'en' },
      querySelectorAll: (selector: string) =>
        elements.filter((e) => e.hasAttribute(attribute(selector))),
      querySelector: (selector: string) =>
        reloads && selector === '[data-currency-reload]' ? {} : null,
      addEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
        (listeners[`document:${type}`] = listener),
    };
    const addEventListener = (type: string, listener: () => void) => (listeners[type] = listener);
    new Function(
      'document',
      'location',
      'navigator',
      'addEventListener',
      'history',
      currencyScript(),
    )(document, location, { languages, language: languages[0] }, addEventListener, history);
    const [price, , select, rangeField, rangeCode] = elements;
    /** Picks `value` in the header's switcher, as a visitor would. */
    const choose = (value: string) => {
      select!.value = value;
      listeners['document:change']!({ target: select });
    };
    return {
      elements,
      price: price!,
      select: select!,
      rangeField: rangeField!,
      rangeCode: rangeCode!,
      document,
      location,
      listeners,
      choose,
    };
  }

  it('stays under 2.5 kB', () => {
    expect(currencyScript().length).toBeLessThan(2500);
  });

  it('rewrites every price in the guessed currency without saving a cookie', () => {
    const page = runScript('', '', ['en-GB']);
    expect(page.elements.slice(0, 2).map((s) => s.textContent)).toEqual(['£4.29', '£4.29']);
    expect(page.document.cookie).toBe('');
    expect(Object.keys(page.listeners)).toContain('hashchange');
  });

  it('guesses from the first of navigator.languages that names a country', () => {
    expect(runScript('', '', ['fr', 'es-US', 'en-GB']).price.textContent).toBe('$5.39');
  });

  it('saves a fragment choice in a one-year cookie', () => {
    const page = runScript('#currency:usd', 'currency=gbp', ['en-GB']);
    expect(page.price.textContent).toBe('$5.39');
    expect(page.document.cookie).toBe('currency=usd;path=/;max-age=31536000;samesite=lax');
  });

  it("shows the visitor's currency in the switcher and the price range", () => {
    const page = runScript('', 'currency=gbp', ['en-US']);
    expect(page.select.value).toBe('gbp');
    expect(page.rangeField.value).toBe('gbp');
    expect(page.rangeCode.textContent).toBe('GBP');
  });

  it('saves a switcher choice in the cookie a fragment saves, and drops the fragment', () => {
    const page = runScript('#currency:usd', '', ['it-IT']);
    page.choose('gbp');
    expect(page.document.cookie).toBe('currency=gbp;path=/;max-age=31536000;samesite=lax');
    expect(page.location.hash).toBe('');
    expect(page.price.textContent).toBe('£4.29');
    expect(page.select.value).toBe('gbp');
    expect(page.location.reloaded).toBe(0);
  });

  it('ignores a value that is no currency', () => {
    const page = runScript('', '', ['it-IT']);
    page.choose('jpy');
    expect(page.document.cookie).toBe('');
    expect(page.price.textContent).toBe('€4.99');
  });

  it('loads an island page again, whose prices the island drew', () => {
    const page = runScript('', '', ['it-IT'], true);
    page.choose('usd');
    expect(page.location.reloaded).toBe(1);
  });
});
