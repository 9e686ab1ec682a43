import type { Currency, CurrencyBalance } from '@market/shared';
import type { CommissionFacade } from '../commission/commission.facade.ts';
import { createLedgerPostings } from './ledger-postings.ts';
import type { LedgerRepository } from './ledger.repository.ts';

/**
 * What other modules ask of the sellers' ledger — orders (credits on delivery), refunds and
 * chargebacks (reversals), payouts (balances and movements). They are given this, never the
 * repository, so how the ledger is stored stays this module's business.
 */
export function createLedgerFacade(
  repo: LedgerRepository,
  deps: { commission: CommissionFacade; holdbackDays: number },
) {
  const postings = createLedgerPostings({ repo, ...deps });
  return {
    ...postings,
    heldItemIds: repo.heldItemIds,
    ofOrder: repo.ofOrder,
    sums: repo.sums,
    page: repo.page,
    reversalsPage: repo.reversalsPage,
    between: repo.between,
    /** The seller's ledger money per currency: pending and released (before payouts). */
    async balanceOf(
      sellerId: string,
      now: Date,
    ): Promise<Record<Currency, Pick<CurrencyBalance, 'pendingCents' | 'availableCents'>>> {
      const out = {
        eur: { pendingCents: 0, availableCents: 0 },
        usd: { pendingCents: 0, availableCents: 0 },
        gbp: { pendingCents: 0, availableCents: 0 },
      };
      for (const r of await repo.sums(now, 'pending', sellerId))
        out[r.currency].pendingCents = r.cents;
      for (const r of await repo.sums(now, 'available', sellerId)) {
        out[r.currency].availableCents = r.cents;
      }
      return out;
    },
  };
}
export type LedgerFacade = ReturnType<typeof createLedgerFacade>;
export type { LedgerEntryDoc } from './ledger.repository.ts';
