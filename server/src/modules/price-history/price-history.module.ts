import type { ModuleDeclaration } from '../../runtime/module.ts';
import { priceDayIndexes, priceHeadIndexes } from './price-history.repository.ts';
import { publicPriceHistoryRoutes } from './price-history.routes.ts';
import type { PriceHistoryService } from './price-history.service.ts';

/** Every product's and offer's price per day, and the storefront's price history of a product. */
export const priceHistoryModule = (given: { history: PriceHistoryService }): ModuleDeclaration => ({
  name: 'price-history',
  indexes: { priceDays: priceDayIndexes, priceHeads: priceHeadIndexes },
  routes: () => [publicPriceHistoryRoutes(given.history)],
});
