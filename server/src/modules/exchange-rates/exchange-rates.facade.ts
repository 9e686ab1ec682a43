import type { ExchangeRateRepository } from './exchange-rates.repository.ts';

/**
 * What other modules ask of exchange rates — offers (prices in every currency). They are given
 * this, never the repository, so how exchange rates are stored stays this module's business.
 */
export function createExchangeRateFacade(repo: ExchangeRateRepository) {
  return {
    current: repo.current,
  };
}
export type ExchangeRateFacade = ReturnType<typeof createExchangeRateFacade>;
