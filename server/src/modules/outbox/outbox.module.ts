import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { outboxIndexes, type OutboxRepository } from './outbox.repository.ts';
import { adminOutboxRoutes } from './outbox.routes.ts';

/**
 * The outbox: every mail, written before it is sent, and the admin's list of them (its retry job
 * is the mailer's, in runtime/job-list.ts).
 */
export const outboxModule = (given: {
  outbox: OutboxRepository;
  auditLog: AuditLog;
}): ModuleDeclaration => ({
  name: 'outbox',
  indexes: { outbox: outboxIndexes },
  routes: () => [adminOutboxRoutes(given.outbox, given.auditLog)],
});
