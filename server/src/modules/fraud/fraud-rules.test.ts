import { describe, expect, it } from 'vitest';
import { FRAUD_DEFAULTS, screen, type ScreeningFacts } from './fraud-rules.ts';

/** A clean order: an old account, one game, nothing on any list, one order in the window. */
const facts = (over: Partial<ScreeningFacts> = {}): ScreeningFacts => ({
  totalCents: 1999,
  items: [{ categoryId: 'games', region: 'Global' }],
  user: { blocked: false, accountAgeDays: 400 },
  recentOrders: { byUser: 1, byIp: 1, byInstrument: 1 },
  blocklisted: { email: false, ip: false, instrument: false },
  ipCountry: 'IT',
  paymentCountry: 'IT',
  ...over,
});
const none = { email: false, ip: false, instrument: false };

describe('screen', () => {
  it('approves a clean order with the payment reason', () => {
    expect(screen(facts())).toEqual({
      status: 'approved',
      reason: 'Approved with correct payment execution',
    });
  });

  describe('business rules', () => {
    it('declines a blocked user', () => {
      expect(screen(facts({ user: { blocked: true, accountAgeDays: 400 } }))).toEqual({
        status: 'declined_business',
        reason: 'Declined by business rules: blocked user',
      });
    });

    it('declines a ROW product paid from an EU country', () => {
      const items = [{ categoryId: 'games', region: 'ROW' }] as ScreeningFacts['items'];
      expect(screen(facts({ items })).status).toBe('declined_business');
      expect(screen(facts({ items, paymentCountry: null, ipCountry: 'de' })).status).toBe(
        'declined_business',
      );
    });

    it('sells a ROW product to an EU buyer who confirmed it does not activate there', () => {
      const items = [
        { categoryId: 'games', region: 'ROW', regionConfirmed: true },
        { categoryId: 'games', region: 'Global' },
      ] as ScreeningFacts['items'];
      expect(screen(facts({ items })).status).toBe('approved');
      const unconfirmed = [...items, { categoryId: 'games', region: 'ROW' }] as typeof items;
      expect(screen(facts({ items: unconfirmed })).status).toBe('declined_business');
    });

    it('reads where the line’s key activates against the payer’s country, for every region', () => {
      const only = (region: string) => [{ categoryId: 'games', region }] as ScreeningFacts['items'];
      const from = (country: string) => ({ paymentCountry: country, ipCountry: country });
      // A ROW key in the United Kingdom: Europe too, though outside the EU.
      expect(screen(facts({ items: only('ROW'), ...from('GB') })).status).toBe('declined_business');
      // An EU offer of whatever product activates in the EU and nowhere else.
      expect(screen(facts({ items: only('EU'), ...from('DE') })).status).toBe('approved');
      expect(screen(facts({ items: only('EU'), ...from('US') }))).toEqual({
        status: 'declined_business',
        reason: 'Declined by business rules: key paid from a country where it does not activate',
      });
      expect(screen(facts({ items: only('US'), ...from('PR') })).status).toBe('approved');
      expect(screen(facts({ items: only('Global'), ...from('JP') })).status).toBe('approved');
      const confirmed = [
        { categoryId: 'games', region: 'EU', regionConfirmed: true },
      ] as ScreeningFacts['items'];
      expect(screen(facts({ items: confirmed, ...from('US') })).status).toBe('approved');
    });

    it('sells a ROW product outside the EU, or when no country is known', () => {
      const items = [{ categoryId: 'games', region: 'ROW' }] as ScreeningFacts['items'];
      expect(screen(facts({ items, ipCountry: 'US', paymentCountry: 'US' })).status).toBe(
        'approved',
      );
      expect(screen(facts({ items, ipCountry: null, paymentCountry: null })).status).toBe(
        'approved',
      );
    });
  });

  describe('fraud rules', () => {
    it.each([
      ['email', 'blocked email'],
      ['ip', 'blocked address'],
      ['instrument', 'blocked payment instrument'],
    ] as const)('declines a blocklisted %s', (field, rule) => {
      expect(screen(facts({ blocklisted: { ...none, [field]: true } }))).toEqual({
        status: 'declined_fraud',
        reason: `Declined by fraud screening: ${rule}`,
      });
    });

    it.each(['byUser', 'byIp', 'byInstrument'] as const)(
      'declines past the hard velocity limit counted %s',
      (counter) => {
        const recentOrders = { byUser: 1, byIp: 1, byInstrument: 1 };
        recentOrders[counter] = FRAUD_DEFAULTS.velocityHardLimit + 1;
        expect(screen(facts({ recentOrders })).reason).toBe(
          'Declined by fraud screening: too many orders',
        );
      },
    );

    it('holds for review past the soft velocity limit, not at it', () => {
      const at = FRAUD_DEFAULTS.velocitySoftLimit;
      expect(screen(facts({ recentOrders: { byUser: at, byIp: 1, byInstrument: 1 } })).status).toBe(
        'approved',
      );
      expect(screen(facts({ recentOrders: { byUser: 1, byIp: at + 1, byInstrument: 1 } }))).toEqual(
        { status: 'review', reason: 'Held for manual review: many orders in a short time' },
      );
    });

    it('holds a large order from a new account, but not a small one', () => {
      const user = { blocked: false, accountAgeDays: 0 };
      expect(screen(facts({ user, totalCents: FRAUD_DEFAULTS.newAccountMaxCents + 1 }))).toEqual({
        status: 'review',
        reason: 'Held for manual review: large order from a new account',
      });
      expect(screen(facts({ user, totalCents: FRAUD_DEFAULTS.newAccountMaxCents })).status).toBe(
        'approved',
      );
    });

    it('holds when the address and the payment come from different countries', () => {
      expect(screen(facts({ ipCountry: 'IT', paymentCountry: 'NG' }))).toEqual({
        status: 'review',
        reason: 'Held for manual review: address and payment countries differ',
      });
      expect(screen(facts({ ipCountry: null, paymentCountry: 'NG' })).status).toBe('approved');
    });

    it('holds an order above the review amount', () => {
      expect(screen(facts({ totalCents: FRAUD_DEFAULTS.reviewAboveCents + 1 })).reason).toBe(
        'Held for manual review: large order',
      );
    });

    it('follows the thresholds it is given', () => {
      const strict = { ...FRAUD_DEFAULTS, reviewAboveCents: 1000 };
      expect(screen(facts(), strict).status).toBe('review');
    });
  });

  describe('software products', () => {
    const software = [{ categoryId: 'softwares', region: 'Global' }] as ScreeningFacts['items'];

    it('approves software-only orders without the review soft signals would ask', () => {
      expect(screen(facts({ items: software, ipCountry: 'IT', paymentCountry: 'NG' }))).toEqual({
        status: 'approved',
        reason: 'Approved because it is a software product',
      });
    });

    it('still declines software on the blocklist, and reviews it above its limit', () => {
      expect(
        screen(facts({ items: software, blocklisted: { ...none, instrument: true } })).status,
      ).toBe('declined_fraud');
      expect(
        screen(
          facts({
            items: software,
            totalCents: FRAUD_DEFAULTS.softwareMaxCents + 1,
            paymentCountry: 'NG',
          }),
        ).status,
      ).toBe('review');
    });

    it('does not count a mixed order as software', () => {
      const mixed = [
        ...software,
        { categoryId: 'games', region: 'Global' },
      ] as ScreeningFacts['items'];
      expect(screen(facts({ items: mixed })).reason).toBe(
        'Approved with correct payment execution',
      );
    });
  });
});
