import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { Logger } from '../../logger.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import { giveOffersTheirProductsRegion } from './offer-regions.ts';
import { adminOfferRoutes } from './offers.admin.routes.ts';
import type { AdminOfferService } from './offers.admin.service.ts';
import { offerIndexes, type OfferRepository } from './offers.repository.ts';
import { sellerOfferRoutes } from './offers.seller.routes.ts';
import type { SellerOfferService } from './offers.service.ts';

/**
 * Offers: the sellers' offers and the admin's list of them; and the supplier sync:
 * supplier-backed offers follow their suppliers' stock and prices. Each connection is synced
 * once its offers are SUPPLIER_SYNC_MINUTES old (a minute's tick spreads them out), and in
 * between its on-demand stock is checked every minute, so a sold-out sku leaves at once. A run
 * may take minutes (a long catalogue): its lease is longer.
 * Given its records, also its data migration (offer regions, docs/regions.md).
 */
export const offersModule = (given: {
  seller: SellerOfferService;
  admin: AdminOfferService;
  supplierSync: { syncDue(): Promise<unknown>; checkStockDue(): Promise<unknown> };
  records?: {
    offers: Pick<OfferRepository, 'withoutRegion' | 'setMissingRegion'>;
    products: Pick<ProductFacade, 'findByIds'>;
    log?: Logger;
  };
}): ModuleDeclaration => ({
  name: 'offers',
  indexes: { offers: offerIndexes },
  routes: () => [sellerOfferRoutes(given.seller), adminOfferRoutes(given.admin)],
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
