import { describe, expect, it } from 'vitest';
import { PageViewEventSchema } from '@market/shared';
import { pageViewFor } from './page-view.ts';

describe('pageViewFor', () => {
  it('records a shop page with its locale and referrer', () => {
    const event = pageViewFor('/it/category/games', 'https://www.google.com/', 'it');
    expect(event).toEqual({
      type: 'page_view',
      path: '/it/category/games',
      referrer: 'https://www.google.com/',
      locale: 'it',
    });
    expect(PageViewEventSchema.safeParse(event).success).toBe(true);
  });

  it('never records admin or seller pages', () => {
    for (const path of ['/admin', '/admin/', '/admin/orders/1', '/seller', '/Seller/offers']) {
      expect(pageViewFor(path, '', 'en'), path).toBeNull();
    }
  });

  it('records pages that only start like a console area', () => {
    expect(pageViewFor('/sellers-guide', '', 'en')).not.toBeNull();
  });

  it('sends what the API accepts, leaving out a missing or non-web referrer', () => {
    for (const referrer of ['', 'android-app://com.example/', 'about:blank']) {
      const event = pageViewFor('/', referrer, 'en');
      expect(event).not.toHaveProperty('referrer');
      expect(PageViewEventSchema.safeParse(event).success).toBe(true);
    }
  });

  it('falls back to English for an unknown page language', () => {
    expect(pageViewFor('/', '', 'fr')?.locale).toBe('en');
  });
});
