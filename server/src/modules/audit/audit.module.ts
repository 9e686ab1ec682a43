import type { ModuleDeclaration } from '../../runtime/module.ts';
import { auditIndexes } from './audit.repository.ts';
import { adminAuditRoutes } from './audit.routes.ts';
import type { AuditLog } from './audit.service.ts';

/** Audit: every admin write's record, and the admin's list of them. */
export const auditModule = (given: { auditLog: AuditLog }): ModuleDeclaration => ({
  name: 'audit',
  indexes: { auditLog: auditIndexes },
  routes: () => [adminAuditRoutes(given.auditLog)],
});
