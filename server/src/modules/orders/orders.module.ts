import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { AdminOrderService } from './admin-decisions.ts';
import { orderIndexes } from './orders.repository.ts';
import { adminOrderRoutes, sellerSaleRoutes, userOrderRoutes } from './orders.routes.ts';
import type { OrderService } from './orders.service.ts';

/**
 * Orders: the buyer's orders, the admin's decisions, the seller's sales; and the expiry job
 * (unpaid orders past their deadline give their keys back).
 */
export const ordersModule = (given: {
  orders: OrderService;
  admin: AdminOrderService;
  expiryEveryMs: number;
}): ModuleDeclaration => ({
  name: 'orders',
  indexes: { orders: orderIndexes },
  routes: () => [
    userOrderRoutes(given.orders),
    adminOrderRoutes(given.admin),
    sellerSaleRoutes(given.orders),
  ],
  jobs: [
    {
      name: 'order-expiry',
      everyMs: given.expiryEveryMs,
      run: () => given.orders.expireReservations(new Date()),
    },
  ],
});
