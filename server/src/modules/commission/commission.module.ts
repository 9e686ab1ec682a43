import type { ModuleDeclaration } from '../../runtime/module.ts';
import { commissionRuleIndexes } from './commission.repository.ts';
import { adminCommissionRoutes } from './commission.routes.ts';
import type { CommissionService } from './commission.service.ts';

/** Commission: the admin's rules of what the marketplace keeps of each sale. */
export const commissionModule = (given: { service: CommissionService }): ModuleDeclaration => ({
  name: 'commission',
  indexes: { commissionRules: commissionRuleIndexes },
  routes: () => [adminCommissionRoutes(given.service)],
});
