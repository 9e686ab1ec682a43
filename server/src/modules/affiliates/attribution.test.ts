import { describe, expect, it } from 'vitest';
import { attributionFromCookies } from './attribution.ts';

describe('attributionFromCookies', () => {
  it('reads every tracking cookie the storefront sets', () => {
    const header =
      'theme=dark; awc=123_1700000000_abc; source=aw; channel=aw; referrer=partner-42; discount_code=SPRING10';
    expect(attributionFromCookies(header)).toEqual({
      awc: '123_1700000000_abc',
      source: 'aw',
      channel: 'aw',
      referrer: 'partner-42',
      discountCode: 'SPRING10',
    });
  });

  it('records nothing without cookies', () => {
    const none = { awc: null, source: null, channel: null, referrer: null, discountCode: null };
    expect(attributionFromCookies(undefined)).toEqual(none);
    expect(attributionFromCookies('')).toEqual(none);
    expect(attributionFromCookies('session=abc')).toEqual(none);
  });

  it('drops only the tampered values', () => {
    const header = `awc=1_2_3; referrer=%3Cscript%3E; channel=${'x'.repeat(201)}; discount_code=`;
    expect(attributionFromCookies(header)).toMatchObject({
      awc: '1_2_3',
      referrer: null,
      channel: null,
      discountCode: null,
    });
  });

  it('gives an awc without a source the default source', () => {
    expect(attributionFromCookies('awc=1_2_3').source).toBe('awin');
    expect(attributionFromCookies('source=aw').source).toBe('aw');
  });
});
