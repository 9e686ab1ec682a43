import type { CategoryId, Currency } from '@market/shared';
import type { CommissionTerms } from '../ledger/ledger-math.ts';
import type { CommissionRuleRepository } from './commission.repository.ts';

/**
 * The default when no rule matches: the marketplace fee the supplier price floors already count
 * (MARKETPLACE_FEE_BPS, MARKETPLACE_FEE_FIXED_CENTS), the fixed fee in the same cents whatever
 * the currency.
 */
export type CommissionDefaults = { bps: number; fixedCents: number };

/**
 * The rule in force for a seller's line in a category: the seller's own rule for the category,
 * else the seller's rule for any category, else the category's rule, else the default rule (no
 * seller, no category), else the configured defaults.
 */
export function createCommissionFacade(
  repo: CommissionRuleRepository,
  defaults: CommissionDefaults,
) {
  return {
    async termsFor(
      sellerId: string,
      categoryId: CategoryId,
      currency: Currency,
    ): Promise<CommissionTerms> {
      const rules = await repo.candidates(sellerId, categoryId);
      const score = (r: (typeof rules)[number]) => (r.sellerId ? 2 : 0) + (r.categoryId ? 1 : 0);
      const best = rules.sort((a, b) => score(b) - score(a))[0];
      if (!best) return { rateBps: defaults.bps, feeCents: defaults.fixedCents };
      return { rateBps: best.rateBps, feeCents: best.feeCents[currency] };
    },
  };
}
export type CommissionFacade = ReturnType<typeof createCommissionFacade>;
