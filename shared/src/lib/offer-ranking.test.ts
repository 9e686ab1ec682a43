import { describe, expect, it } from 'vitest';
import { effectivePrice, rankOffers, shrunkRating, type RankableOffer } from './offer-ranking.ts';

const offer = (
  offerId: string,
  eur: number,
  rating: { average: number; count: number } = { average: 0, count: 0 },
  sellerId = `s-${offerId}`,
): RankableOffer => ({ offerId, sellerId, prices: { eur, usd: eur }, sellerRating: rating });

const ids = (list: RankableOffer[]) => list.map((o) => o.offerId);

describe('rankOffers', () => {
  it('orders unrated sellers with no defects by price, like a plain price sort', () => {
    expect(ids(rankOffers([offer('a', 900), offer('b', 700), offer('c', 800)], 'eur'))).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('lets a well-rated seller outrank a slightly cheaper unrated one, not a much cheaper one', () => {
    const trusted = offer('trusted', 1000, { average: 5, count: 50 });
    expect(ids(rankOffers([offer('cheap', 970), trusted], 'eur'))).toEqual(['trusted', 'cheap']);
    expect(ids(rankOffers([offer('cheaper', 900), trusted], 'eur'))).toEqual([
      'cheaper',
      'trusted',
    ]);
  });

  it('does not let one 5-star review weigh like fifty', () => {
    const one = offer('one', 1000, { average: 5, count: 1 });
    const many = offer('many', 1000, { average: 5, count: 50 });
    expect(ids(rankOffers([one, many], 'eur'))).toEqual(['many', 'one']);
    expect(shrunkRating({ average: 5, count: 1 })).toBeCloseTo(3 + 2 / 6);
  });

  it('pushes a seller with defective keys down, capped at 10 per 100', () => {
    const defects = new Map([
      ['s-bad', 4],
      ['s-awful', 50],
    ]);
    const rate = (id: string) => defects.get(id) ?? 0;
    expect(ids(rankOffers([offer('bad', 1000), offer('clean', 1030)], 'eur', rate))).toEqual([
      'clean',
      'bad',
    ]);
    expect(effectivePrice(1000, { average: 0, count: 0 }, 50)).toBeCloseTo(1100);
  });

  it('breaks equal effective prices by price, then by offer id, and leaves the input alone', () => {
    const input = [offer('z', 500), offer('y', 500)];
    expect(ids(rankOffers(input, 'eur'))).toEqual(['y', 'z']);
    expect(ids(input)).toEqual(['z', 'y']);
    // A 3-star seller with reviews scores exactly as an unrated one: the price decides.
    const rated = offer('rated', 600, { average: 3, count: 10 });
    expect(ids(rankOffers([rated, offer('plain', 500)], 'eur'))).toEqual(['plain', 'rated']);
  });

  it('ranks on the currency asked for', () => {
    const a: RankableOffer = { ...offer('a', 500), prices: { eur: 500, usd: 900 } };
    const b: RankableOffer = { ...offer('b', 600), prices: { eur: 600, usd: 550 } };
    expect(ids(rankOffers([a, b], 'eur'))).toEqual(['a', 'b']);
    expect(ids(rankOffers([a, b], 'usd'))).toEqual(['b', 'a']);
  });
});
