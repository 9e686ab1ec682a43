import type { Db } from 'mongodb';
import {
  DEFAULT_EXCHANGE_RATES,
  RATE_CURRENCIES,
  type Currency,
  type RateCurrency,
} from '@market/shared';

export type ExchangeRateDoc = {
  _id: RateCurrency;
  /** Units of the currency per 1 EUR. */
  rate: number;
  updatedAt: Date;
  /** Uid of the admin who set the rate; null for the defaults. */
  updatedBy: string | null;
};

/** The only code that touches the `exchangeRates` collection (two documents, read by _id). */
export function createExchangeRateRepository(db: Db) {
  const rates = db.collection<ExchangeRateDoc>('exchangeRates');
  return {
    /** Creates the default rates that are missing; never overwrites an admin's rate. */
    async ensureDefaults(): Promise<void> {
      const now = new Date();
      for (const id of RATE_CURRENCIES) {
        await rates.updateOne(
          { _id: id },
          { $setOnInsert: { rate: DEFAULT_EXCHANGE_RATES[id], updatedAt: now, updatedBy: null } },
          { upsert: true },
        );
      }
    },
    all: () => rates.find({}).sort({ _id: 1 }).toArray(),
    findById: (id: RateCurrency) => rates.findOne({ _id: id }),
    set: (id: RateCurrency, rate: number, uid: string) =>
      rates.findOneAndUpdate(
        { _id: id },
        { $set: { rate, updatedAt: new Date(), updatedBy: uid } },
        { upsert: true, returnDocument: 'after' },
      ),
    /** Every currency's rate against EUR (EUR itself 1); a missing rate counts as its default. */
    async current(): Promise<Record<Currency, number>> {
      const stored = new Map((await rates.find({}).toArray()).map((r) => [r._id, r.rate]));
      return {
        eur: 1,
        usd: stored.get('usd') ?? DEFAULT_EXCHANGE_RATES.usd,
        gbp: stored.get('gbp') ?? DEFAULT_EXCHANGE_RATES.gbp,
      };
    },
  };
}
export type ExchangeRateRepository = ReturnType<typeof createExchangeRateRepository>;
