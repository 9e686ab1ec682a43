import { RateCurrencySchema, type ExchangeRate, type RateCurrency } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { ExchangeRateDoc, ExchangeRateRepository } from './exchange-rates.repository.ts';

function toExchangeRate(doc: ExchangeRateDoc): ExchangeRate {
  return {
    id: doc._id,
    rate: doc.rate,
    updatedAt: doc.updatedAt.toISOString(),
    updatedBy: doc.updatedBy,
  };
}

/** A currency from the URL; anything else is not a rate (404). */
function rateCurrency(id: string): RateCurrency {
  const parsed = RateCurrencySchema.safeParse(id);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

/** The admin's exchange rates: setting one re-prices the offers converted with it. */
export function createExchangeRateService(deps: {
  rates: ExchangeRateRepository;
  pricing: OfferPricing;
  auditLog: AuditLog;
}) {
  const { rates, pricing, auditLog } = deps;
  return {
    /** Every rate (there are two), optionally only those of a getMany's ids. */
    async list(ids?: string[]): Promise<ExchangeRate[]> {
      const all = (await rates.all()).map(toExchangeRate);
      return ids ? all.filter((r) => ids.includes(r.id)) : all;
    },

    async get(id: string): Promise<ExchangeRate> {
      const doc = await rates.findById(rateCurrency(id));
      if (!doc) throw new AppError('NOT_FOUND');
      return toExchangeRate(doc);
    },

    async update(ctx: AuditContext, id: string, rate: number): Promise<ExchangeRate> {
      const currency = rateCurrency(id);
      const before = await rates.findById(currency);
      const after = await rates.set(currency, rate, ctx.actor.uid);
      if (!after) throw new AppError('NOT_FOUND');
      const repriced = await pricing.repriceConverted(currency, rate);
      await auditLog.record(ctx, {
        action: 'exchangeRate.update',
        target: { type: 'exchangeRate', id: currency },
        details: { from: before?.rate ?? null, to: rate, repricedOffers: repriced },
      });
      return toExchangeRate(after);
    },
  };
}
export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
