import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_COOKIES, AttributionSchema } from '@market/shared';
import { attributionCookie, attributionCookieWrites } from './attribution.ts';

/** The cookies a landing sets, as name → value. */
const land = (url: string) => {
  const { pathname, search } = new URL(url, 'https://shop.example');
  return Object.fromEntries(
    attributionCookieWrites(pathname, search).map((w) => [w.name, w.value]),
  );
};

describe('attributionCookieWrites', () => {
  it('keeps an Awin click with the source its URL names and makes Awin the last paid channel', () => {
    expect(land('/product/1/x?awc=123_1700000000_abc&source=aw')).toEqual({
      awc: '123_1700000000_abc',
      source: 'aw',
      channel: 'aw',
    });
  });

  it('keeps the affiliate who sent the buyer beside the awc, for 30 days', () => {
    expect(land('/?awc=123_1700000000_abc&affiliate=pub-42')).toEqual({
      awc: '123_1700000000_abc',
      source: 'awin',
      channel: 'aw',
      affiliate: 'pub-42',
    });
    expect(land('/?awc=1_2_3&sv_campaign_id=987654').affiliate).toBe('987654');
    expect(land('/category/games?aff=partner.blog').affiliate).toBe('partner.blog');
    const write = attributionCookieWrites('/', '?affid=77').find((w) => w.name === 'affiliate');
    expect(write).toEqual({ name: 'affiliate', value: '77', maxAgeDays: 30 });
    expect(attributionCookie(write!, true)).toBe(
      'affiliate=77; path=/; max-age=2592000; samesite=lax; secure',
    );
  });

  it('ignores an affiliate value that is no token, and any on the checkout', () => {
    expect(land('/?affiliate=<script>')).toEqual({});
    expect(land('/checkout?affiliate=pub-42')).toEqual({});
  });

  it('records awin as the source of an awc that came without one', () => {
    expect(land('/?awc=123_abc')).toEqual({ awc: '123_abc', source: 'awin', channel: 'aw' });
  });

  it('gives the last paid channel to another paid click, leaving the awc alone', () => {
    for (const query of ['?gclid=Cj0KCQ', '?utm_source=news&utm_medium=cpc', '?msclkid=9f']) {
      expect(land(`/${query}`), query).toEqual({ channel: 'other' });
    }
  });

  it('marks Awin as the last paid channel for a bare source=aw', () => {
    expect(land('/?source=aw')).toEqual({ channel: 'aw' });
  });

  it('lets an Awin click win over utm parameters on the same link', () => {
    expect(land('/?awc=1_2_3&utm_source=awin').channel).toBe('aw');
  });

  it('leaves every cookie alone on an organic landing', () => {
    expect(land('/category/games?page=2&sort=price')).toEqual({});
    expect(land('/?source=newsletter')).toEqual({});
  });

  it('reads the referrer from ref or referrer and the discount code from discount or coupon', () => {
    expect(land('/?ref=partner-42&coupon=SPRING10')).toEqual({
      referrer: 'partner-42',
      discount_code: 'SPRING10',
    });
    expect(land('/?referrer=blog&discount=WELCOME')).toEqual({
      referrer: 'blog',
      discount_code: 'WELCOME',
    });
    expect(land('/?ref=first&referrer=second').referrer).toBe('first');
  });

  it('never captures on sign-in, account, cart or checkout pages, in either language', () => {
    for (const path of [
      '/login',
      '/account',
      '/cart',
      '/checkout',
      '/checkout/return',
      '/it/login',
      '/it/cart',
    ]) {
      expect(land(`${path}?awc=1_2_3&ref=x&coupon=Y`), path).toEqual({});
    }
    expect(land('/cartoons?awc=1_2_3').awc).toBe('1_2_3');
  });

  it('ignores values the order could not record, keeping the valid ones', () => {
    const bad = ['', '   ', 'a b', 'x;y', '<script>', 'é', 'a'.repeat(201), 'x%3Bdomain=evil'];
    for (const value of bad) {
      const query = new URLSearchParams({ awc: value, ref: value, coupon: 'OK10' });
      expect(land(`/?${query}`), value).toEqual({ discount_code: 'OK10' });
    }
  });

  it('writes only values AttributionSchema accepts unchanged', () => {
    const accepted = ['12345_1700000000_abcdef', 'a.b:c-d|e_f', 'x'.repeat(200), ' SPRING10 '];
    for (const value of accepted) {
      const [write] = attributionCookieWrites('/', `?awc=${encodeURIComponent(value)}`);
      expect(AttributionSchema.shape.awc.parse(write!.value)).toBe(write!.value);
    }
  });

  it('writes each cookie under its shared name and lifetime', () => {
    const writes = attributionCookieWrites('/', '?awc=1&ref=r&coupon=C');
    const lifetime = Object.fromEntries(writes.map((w) => [w.name, w.maxAgeDays]));
    expect(lifetime).toEqual({
      [ATTRIBUTION_COOKIES.awc.name]: 365,
      [ATTRIBUTION_COOKIES.source.name]: 365,
      [ATTRIBUTION_COOKIES.channel.name]: 30,
      [ATTRIBUTION_COOKIES.referrer.name]: 30,
      [ATTRIBUTION_COOKIES.discountCode.name]: 30,
    });
  });
});

describe('attributionCookie', () => {
  it('is a site-wide lax cookie with its lifetime in seconds, secure over https', () => {
    const write = { name: 'awc', value: '1_2_3', maxAgeDays: 365 };
    expect(attributionCookie(write, true)).toBe(
      'awc=1_2_3; path=/; max-age=31536000; samesite=lax; secure',
    );
    expect(attributionCookie(write, false)).not.toContain('secure');
  });
});
