import {
  CURRENCIES,
  SHOP_COUNTRY,
  vatIncludedCents,
  type Currency,
  type OssReportRow,
} from '@market/shared';
import type { ExchangeRateFacade } from '../exchange-rates/exchange-rates.facade.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';

/** Where each non-euro amount's conversion rate came from (a CSV column). */
export type RateSource = 'given' | 'shop';

/** The calendar quarter's bounds, UTC: [start, end). */
export const quarterBounds = (year: number, quarter: number) => ({
  from: new Date(Date.UTC(year, (quarter - 1) * 3, 1)),
  to: new Date(Date.UTC(year, quarter * 3, 1)),
});

const HEADER = [
  'country',
  'vat_rate_percent',
  'currency',
  'taxable_amount',
  'vat_amount',
  'exchange_rate_per_eur',
  'exchange_rate_source',
  'taxable_amount_eur',
  'vat_amount_eur',
];

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The OSS quarterly return's figures (docs/vat.md): the delivered orders placed in the quarter,
 * per Member State of consumption, rate and currency, the taxable amount (net of VAT) and the VAT
 * inside what the buyer paid (less what went back by refunds). The shop's own country is left
 * out: those sales go in its domestic return, not through the OSS. Each row is converted to euro
 * at the rate given for the currency (units per euro: the ECB reference rate of the quarter's
 * last day, as art. 369h of Directive 2006/112/EC asks), or else at the shop's own rate
 * (exchange-rates module, as its admins set it) with the source column saying so.
 */
export function createOssReport(deps: {
  orders: Pick<OrderFacade, 'taxedBetween'>;
  rates: Pick<ExchangeRateFacade, 'current'>;
}) {
  async function rows(
    year: number,
    quarter: number,
    given: Partial<Record<Currency, number>> = {},
  ): Promise<Array<OssReportRow & { rateSource: RateSource }>> {
    const { from, to } = quarterBounds(year, quarter);
    const [orders, shopRates] = await Promise.all([
      deps.orders.taxedBetween(from, to),
      deps.rates.current(),
    ]);
    const sums = new Map<string, { taxable: number; vat: number }>();
    for (const order of orders) {
      const country = order.tax?.country;
      if (!country || country === SHOP_COUNTRY) continue;
      for (const item of order.items) {
        if (item.zeroVat || item.vatRateBps === 0) continue;
        const paid = Math.max(
          item.unitPriceCents * item.quantity - item.discountCents - (item.refundedCents ?? 0),
          0,
        );
        const vat = vatIncludedCents(paid, item.vatRateBps);
        const key = `${country}|${item.vatRateBps}|${order.currency}`;
        const sum = sums.get(key) ?? { taxable: 0, vat: 0 };
        sum.taxable += paid - vat;
        sum.vat += vat;
        sums.set(key, sum);
      }
    }
    return [...sums]
      .map(([key, sum]) => {
        const [country, rate, currency] = key.split('|') as [string, string, Currency];
        const own = currency === 'eur' ? 1 : given[currency];
        const ecbRate = own ?? shopRates[currency];
        return {
          country,
          currency,
          rateBps: Number(rate),
          taxableCents: sum.taxable,
          vatCents: sum.vat,
          ecbRate,
          rateSource: (own !== undefined ? 'given' : 'shop') as RateSource,
          taxableEurCents: Math.round(sum.taxable / ecbRate),
          vatEurCents: Math.round(sum.vat / ecbRate),
        };
      })
      .sort(
        (a, b) =>
          a.country.localeCompare(b.country) ||
          a.rateBps - b.rateBps ||
          CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency),
      );
  }

  return {
    rows,
    /** The report as CSV (RFC 4180, comma, amounts in major units with a dot). */
    async csv(year: number, quarter: number, given: Partial<Record<Currency, number>> = {}) {
      const lines = (await rows(year, quarter, given)).map((r) =>
        [
          r.country,
          String(r.rateBps / 100),
          r.currency.toUpperCase(),
          money(r.taxableCents),
          money(r.vatCents),
          String(r.ecbRate),
          r.currency === 'eur' ? 'eur' : r.rateSource === 'given' ? 'ecb-given' : 'shop-rate',
          money(r.taxableEurCents),
          money(r.vatEurCents),
        ].join(','),
      );
      return [HEADER.join(','), ...lines].join('\r\n') + '\r\n';
    },
  };
}
export type OssReport = ReturnType<typeof createOssReport>;
