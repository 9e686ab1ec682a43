import type { ModuleDeclaration } from '../../runtime/module.ts';
import { refundIndexes } from './refunds.repository.ts';
import { adminOrderRefundRoutes, adminRefundRoutes } from './refunds.routes.ts';
import type { RefundService } from './refunds.service.ts';

/** Refunds: money and keys given back, the admin's refunds of an order and list of them. */
export const refundsModule = (given: { service: RefundService }): ModuleDeclaration => ({
  name: 'refunds',
  indexes: { refunds: refundIndexes },
  routes: () => [adminOrderRefundRoutes(given.service), adminRefundRoutes(given.service)],
});
