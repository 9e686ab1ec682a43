import { ObjectId } from 'mongodb';
import { CURRENCIES, type Currency, type PriceHistory, type ReferencePrices } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { addDays, dayOf } from './days.ts';
import {
  ANNOUNCE_DAYS,
  dailyLows,
  referencePrice,
  REFERENCE_LOOKBACK_DAYS,
  type DayPoint,
} from './reference-price.ts';
import type {
  PriceDayDoc,
  PriceHistoryRepository,
  Prices,
  PriceSubject,
} from './price-history.repository.ts';

/** A subject and its price now (null: nobody sells it, so it announces nothing). */
export type Priced = { id: ObjectId; prices: Prices | null };

type ProductPrices = Record<`${Currency}Min`, number | null>;

const NO_REFERENCE: ReferencePrices = { eur: null, usd: null, gbp: null };
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** A product's lowest prices, when it is sold in every currency. */
export function bestPrices(p: ProductPrices): Prices | null {
  return p.eurMin !== null && p.usdMin !== null && p.gbpMin !== null
    ? { eur: p.eurMin, usd: p.usdMin, gbp: p.gbpMin }
    : null;
}

const inCurrency = (docs: PriceDayDoc[], currency: Currency): DayPoint[] =>
  docs.map((d) => ({
    day: d.day,
    low: d.low[currency],
    close: d.close[currency],
    open: d.open ? d.open[currency] : null,
  }));

/**
 * Products' and offers' price histories (README.md): recorded where prices are recomputed, read
 * for the product page's chart and for the prior price of every reduction the storefront shows.
 */
export function createPriceHistoryService(deps: {
  repo: PriceHistoryRepository;
  products: {
    findById(id: ObjectId): Promise<(ProductPrices & { _id: ObjectId }) | null>;
    findByIds(ids: ObjectId[]): Promise<(ProductPrices & { _id: ObjectId })[]>;
  };
  /** The clock, moved by the tests to simulate days. */
  now?: () => Date;
}) {
  const { repo, products, now = () => new Date() } = deps;

  /** Records the subjects whose price differs from the last one recorded (nothing else). */
  async function record(kind: PriceSubject, subjects: Priced[]) {
    const priced = subjects.filter((s): s is { id: ObjectId; prices: Prices } => !!s.prices);
    if (!priced.length) return;
    const key = (id: ObjectId) => `${kind}:${id.toHexString()}`;
    const heads = new Map((await repo.heads(priced.map((s) => key(s.id)))).map((h) => [h._id, h]));
    const changes = priced.flatMap((s) => {
      const before = heads.get(key(s.id))?.prices ?? null;
      const same = before && CURRENCIES.every((c) => before[c] === s.prices[c]);
      return same ? [] : [{ kind, id: s.id, prices: s.prices, before }];
    });
    if (changes.length) await repo.record(dayOf(now()), now(), changes);
  }

  /**
   * Per subject whose current price is an announced reduction in some currency, the prior price
   * per currency (null in the currencies where it is none).
   */
  async function references(
    kind: PriceSubject,
    subjects: Priced[],
  ): Promise<Map<string, ReferencePrices>> {
    const out = new Map<string, ReferencePrices>();
    const priced = subjects.filter((s) => s.prices);
    if (!priced.length) return out;
    const today = dayOf(now());
    const docs = await repo.daysFrom(
      kind,
      priced.map((s) => s.id),
      addDays(today, -REFERENCE_LOOKBACK_DAYS),
    );
    const bySubject = new Map<string, PriceDayDoc[]>();
    for (const d of docs) {
      const k = d.subjectId.toHexString();
      bySubject.set(k, [...(bySubject.get(k) ?? []), d]);
    }
    for (const s of priced) {
      const mine = bySubject.get(s.id.toHexString());
      if (!mine) continue;
      const ref = { ...NO_REFERENCE };
      for (const c of CURRENCIES) {
        ref[c] = referencePrice(inCurrency(mine, c), today, s.prices![c]).reference;
      }
      // Answers carry the field only where something is announced.
      if (CURRENCIES.some((c) => ref[c] !== null)) out.set(s.id.toHexString(), ref);
    }
    return out;
  }

  return {
    record,
    references,
    /** After a price recompute: the product's best prices and its live offers' prices. */
    recordRecompute: async (
      productId: ObjectId,
      range: ProductPrices,
      liveOffers: { _id: ObjectId; prices: Prices }[],
    ) => {
      await record('product', [{ id: productId, prices: bestPrices(range) }]);
      await record(
        'offer',
        liveOffers.map((o) => ({ id: o._id, prices: o.prices })),
      );
    },
    /** The reference prices of product documents, by id. */
    productReferences: (docs: (ProductPrices & { _id: ObjectId })[]) =>
      references(
        'product',
        docs.map((d) => ({ id: d._id, prices: bestPrices(d) })),
      ),

    /** `price-history`: a product's lowest price per day in `currency` and its 30-day lowest. */
    async history(productId: string, currency: Currency, days: number): Promise<PriceHistory> {
      const product = OBJECT_ID.test(productId)
        ? await products.findById(new ObjectId(productId))
        : null;
      if (!product) throw new AppError('NOT_FOUND', { message: 'No such product' });
      const today = dayOf(now());
      const from = addDays(today, 1 - days);
      const since = addDays(today, -Math.max(days, REFERENCE_LOOKBACK_DAYS));
      const [docs, carried] = await Promise.all([
        repo.daysFrom('product', [product._id], since),
        repo.lastBefore('product', product._id, since),
      ]);
      const points = inCurrency(carried ? [carried, ...docs] : docs, currency);
      const current = product[`${currency}Min`];
      const lows = dailyLows(points, from, today, current);
      const lowest30 = current === null ? null : referencePrice(points, today, current).lowest30;
      return {
        points: lows.map((d) => ({ date: d.day, cents: d.cents })),
        lowest30Cents: lowest30,
      };
    },

    /**
     * The home page's price drops: products whose EUR price fell in the last 30 days and is
     * still announced as a reduction now, latest first.
     */
    async priceDropIds(limit: number): Promise<ObjectId[]> {
      const since = new Date(Date.parse(`${addDays(dayOf(now()), 1 - ANNOUNCE_DAYS)}T00:00:00Z`));
      const candidates = await repo.droppedSince(since, limit * 4);
      const docs = await products.findByIds(candidates);
      const refs = await references(
        'product',
        docs.map((d) => ({ id: d._id, prices: bestPrices(d) })),
      );
      return candidates.filter((id) => refs.get(id.toHexString())?.eur != null).slice(0, limit);
    },
  };
}
export type PriceHistoryService = ReturnType<typeof createPriceHistoryService>;
