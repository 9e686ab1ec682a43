import type { ModuleDeclaration } from '../../runtime/module.ts';
import { adminExchangeRateRoutes } from './exchange-rates.routes.ts';
import type { ExchangeRateService } from './exchange-rates.service.ts';

/** Exchange rates: the admin's EUR rates that price offers in USD and GBP. */
export const exchangeRatesModule = (given: {
  service: ExchangeRateService;
}): ModuleDeclaration => ({
  name: 'exchange-rates',
  routes: () => [adminExchangeRateRoutes(given.service)],
});
