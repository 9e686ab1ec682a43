import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { SaleDetail } from './sale-detail.ts';
import { sellerRefundRoutes, sellerSaleDetailRoutes } from './sales.routes.ts';
import type { SellerRefunds } from './seller-refunds.ts';

/** The seller console's sale detail and refunds: reads over orders, keys, ledger and refunds. */
export const salesModule = (given: {
  saleDetail: SaleDetail;
  refunds: SellerRefunds;
}): ModuleDeclaration => ({
  name: 'sales',
  routes: () => [sellerSaleDetailRoutes(given.saleDetail), sellerRefundRoutes(given.refunds)],
});
