import {
  EU_STANDARD_VAT_RATES,
  isEuCountry,
  SHOP_COUNTRY,
  standardRateAt,
  utcDay,
  vatTable,
  type VatRateCreate,
  type VatTable,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { VatRateDoc, VatRateRepository } from './vat-rates.repository.ts';

/**
 * How long another instance's new rate may take to reach this one. An admin only adds rates
 * from a future day, so a rate is known everywhere long before it applies.
 */
const FRESH_MS = 5_000;

const SEED_NOTE =
  'European Commission, "VAT rates applied in the Member States of the European Union" (shared/src/lib/vat.ts)';

type RateRow = { country: string; rateBps: number; from: string };

/** Where a sale's VAT is due and at what rate: what the cart and an order take. */
export type VatChoice = {
  /** The billing country stated, or the shop's own when none was. */
  billing: string;
  /** The Member State the VAT is due in; null outside the EU. */
  country: string | null;
  /** The rate of each VAT class (a zero-VAT offer's stays 0). */
  table: VatTable;
};

/**
 * The rate table (`vat_rates`, seeded from `EU_STANDARD_VAT_RATES`, admins add announced
 * changes) and the choice of a sale's rate: the billing country's standard rate on the sale's
 * day, none outside the EU. The code's table stands behind the collection, so a rate is known
 * before the seed ran (a fresh database, a test) and a seed row an admin never saw still counts.
 */
export function createVatService(deps: {
  repo: VatRateRepository;
  auditLog: AuditLog;
  /** The shop's own rate (config `VAT_RATE_BPS`): a cart with no billing country shows it. */
  shopRateBps: number;
  now?: () => Date;
}) {
  const { repo, auditLog } = deps;
  const now = deps.now ?? (() => new Date());
  let cached: { rows: RateRow[]; at: number } | null = null;
  let loading: Promise<RateRow[]> | null = null;

  /** The code's rows, then the collection's (a row of the same country and day replaces). */
  const merge = (docs: readonly VatRateDoc[]): RateRow[] => {
    const byKey = new Map<string, RateRow>();
    for (const r of [...EU_STANDARD_VAT_RATES, ...docs]) byKey.set(`${r.country}:${r.from}`, r);
    return [...byKey.values()];
  };

  async function rows(): Promise<RateRow[]> {
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.rows;
    loading ??= repo
      .list()
      .then((docs) => {
        cached = { rows: merge(docs), at: Date.now() };
        return cached.rows;
      })
      .catch((err: unknown) => {
        if (cached) return cached.rows;
        throw err;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** `country`'s standard rate on `at`'s day; 0 outside the EU. */
  async function rateOf(country: string, at: Date): Promise<number> {
    return (
      standardRateAt(await rows(), country, at) ??
      standardRateAt(EU_STANDARD_VAT_RATES, country, at) ??
      0
    );
  }

  return {
    rateOf,

    /**
     * The VAT of a sale on `at` to a buyer billing in `billingCountry`. Without one, the shop's
     * own country and rate (what every cart showed before VAT followed the buyer).
     */
    async choose(billingCountry: string | undefined, at: Date = now()): Promise<VatChoice> {
      if (!billingCountry) {
        return { billing: SHOP_COUNTRY, country: SHOP_COUNTRY, table: vatTable(deps.shopRateBps) };
      }
      const billing = billingCountry.toUpperCase();
      return {
        billing,
        country: isEuCountry(billing) ? billing : null,
        table: vatTable(await rateOf(billing, at)),
      };
    },

    /** Writes the code's table into `vat_rates` (rows already there stay as they are). */
    async seed(): Promise<number> {
      const at = now();
      for (const row of EU_STANDARD_VAT_RATES) await repo.seed({ ...row, note: SEED_NOTE }, at);
      cached = null;
      return EU_STANDARD_VAT_RATES.length;
    },

    /**
     * An admin adds a rate a Member State announced, from a future day (a rate in force cannot
     * change under orders already placed at it). 409 when the country has a row from that day.
     */
    async create(input: VatRateCreate & { country: string }, ctx: AuditContext) {
      const today = utcDay(now());
      if (input.from <= today) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { from: 'A new rate starts on a future day (after today, UTC)' },
        });
      }
      const doc = await repo.insert({
        country: input.country,
        rateBps: input.rateBps,
        from: input.from,
        note: input.note?.trim() || null,
        seeded: false,
        createdAt: now(),
        createdBy: ctx.actor.uid,
      });
      if (!doc) {
        throw new AppError('CONFLICT', {
          message: `${input.country} already has a rate from ${input.from}`,
          errors: { from: 'This country already has a rate from that day' },
        });
      }
      await auditLog.record(ctx, {
        action: 'vatRate.create',
        target: { type: 'vatRate', id: doc._id.toHexString() },
        details: { country: doc.country, rateBps: doc.rateBps, from: doc.from },
      });
      cached = null;
      return doc;
    },
  };
}
export type VatService = ReturnType<typeof createVatService>;
