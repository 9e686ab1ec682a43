import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { Logger } from '../../logger.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import { giveOffersTheirProductsRegion } from './offer-regions.ts';
import type { OfferRepository } from './offers.repository.ts';

/**
 * Offers bring the supplier sync: supplier-backed offers follow their suppliers' stock and
 * prices. Each connection is synced once its offers are SUPPLIER_SYNC_MINUTES old (a minute's
 * tick spreads them out), and in between its on-demand stock is checked every minute, so a
 * sold-out sku leaves at once. A run may take minutes (a long catalogue): its lease is longer.
 * Given its records, also its data migration (offer regions, docs/regions.md).
 */
export const offersModule = (given: {
  supplierSync: { syncDue(): Promise<unknown>; checkStockDue(): Promise<unknown> };
  records?: {
    offers: Pick<OfferRepository, 'withoutRegion' | 'setMissingRegion'>;
    products: Pick<ProductFacade, 'findByIds'>;
    log?: Logger;
  };
}): ModuleDeclaration => ({
  name: 'offers',
  jobs: [
    {
      name: 'supplier-sync',
      everyMs: 60_000,
      leaseMs: 5 * 60_000,
      run: async () => {
        await given.supplierSync.syncDue();
        await given.supplierSync.checkStockDue();
      },
    },
  ],
  migrations: given.records
    ? [
        {
          // Offers carry the region their keys activate in since issue 25; those before take
          // their product's.
          id: '2026-11-offers-region',
          run: () => giveOffersTheirProductsRegion(given.records!),
        },
      ]
    : [],
});
