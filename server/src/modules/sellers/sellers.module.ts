import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { LegalChanges } from './legal-changes.ts';
import type { ShopProfile } from './shop-profile.ts';
import { sellerIndexes, type SellerRepository } from './sellers.repository.ts';
import { adminSellerRoutes, sellerApplicationRoutes, sellerApplyRoutes } from './sellers.routes.ts';
import type { SellerService } from './sellers.service.ts';
import { adminLegalChangeRoutes, sellerShopRoutes } from './shop.routes.ts';

/**
 * Sellers: applications and the admin's decisions, the seller's own shop profile, and the
 * admin's review of changes to a shop's trader data.
 */
export const sellersModule = (given: {
  sellers: SellerRepository;
  service: SellerService;
  shopProfile: ShopProfile;
  legalChanges: LegalChanges;
}): ModuleDeclaration => ({
  name: 'sellers',
  indexes: { sellers: sellerIndexes },
  routes: () => [
    sellerApplyRoutes(given.service),
    sellerApplicationRoutes(given.service),
    adminSellerRoutes(given.service, given.sellers),
    sellerShopRoutes(given.shopProfile),
    adminLegalChangeRoutes(given.legalChanges),
  ],
});
