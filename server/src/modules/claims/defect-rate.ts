import type { SellerDefectRate } from '@market/shared';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { ClaimRepository } from './claims.repository.ts';

/** The defect rate counts the last 90 days. */
export const DEFECT_WINDOW_DAYS = 90;

/** Upheld claims per 100 keys sold, to two decimals (0 with nothing sold). */
export function defectRate(upheld: number, sold: number): SellerDefectRate {
  const per100 = sold ? Math.round((upheld * 10_000) / sold) / 100 : 0;
  return { per100, upheld, sold };
}

/**
 * Each seller's defect rate (claims upheld — replaced or refunded, by the seller, the System or
 * an admin — per 100 keys sold over the last 90 days), written on the seller: counted again when
 * one of their claims is upheld, and for every seller by the daily job (the window moves on).
 */
export function createDefectRates(deps: {
  claims: Pick<ClaimRepository, 'countUpheldSince'>;
  keys: Pick<KeyFacade, 'countSoldSince'>;
  sellers: Pick<SellerFacade, 'allIds' | 'setDefectRate'>;
  now: () => Date;
}) {
  async function recount(sellerId: string): Promise<SellerDefectRate> {
    const since = new Date(deps.now().getTime() - DEFECT_WINDOW_DAYS * 86_400_000);
    const [upheld, sold] = await Promise.all([
      deps.claims.countUpheldSince(sellerId, since),
      deps.keys.countSoldSince(sellerId, since),
    ]);
    const rate = defectRate(upheld, sold);
    await deps.sellers.setDefectRate(sellerId, rate);
    return rate;
  }
  return {
    recount,
    /** The daily job: every seller counted again; answers how many. */
    async recountAll(): Promise<number> {
      const ids = await deps.sellers.allIds();
      for (const id of ids) await recount(id);
      return ids.length;
    },
  };
}
export type DefectRates = ReturnType<typeof createDefectRates>;
