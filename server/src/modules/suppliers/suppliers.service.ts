import {
  SUPPLIER_IDS,
  SUPPLIER_NAMES,
  type AdminSupplier,
  type SupplierId,
  type SupplierUpdate,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { SupplierConnectionFacade } from '../supplier-connections/supplier-connections.facade.ts';
import type { SupplierPurchaseFacade } from '../supplier-purchases/supplier-purchases.facade.ts';
import type { SupplierDoc, SupplierRepository } from './suppliers.repository.ts';

/** How the suppliers are doing, across sellers: what the admin's list shows beside the switch. */
type SupplierHealth = {
  connections: Partial<Record<SupplierId, number>>;
  outcomes: Partial<Record<SupplierId, { total: number; failed: number }>>;
  breakers: Partial<Record<SupplierId, { open: number; halfOpen: number }>>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const toAdmin = (
  id: SupplierId,
  doc: SupplierDoc | null | undefined,
  health: SupplierHealth,
): AdminSupplier => {
  const outcomes = health.outcomes[id] ?? { total: 0, failed: 0 };
  return {
    id,
    name: SUPPLIER_NAMES[id],
    enabled: doc?.enabled ?? true,
    connections: health.connections[id] ?? 0,
    purchases24h: outcomes.total,
    errorRate: outcomes.total ? outcomes.failed / outcomes.total : null,
    breakers: health.breakers[id] ?? { open: 0, halfOpen: 0 },
    updatedAt: doc?.updatedAt.toISOString() ?? null,
    updatedBy: doc?.updatedBy ?? null,
  };
};

/**
 * The marketplace-wide switch alone: what connections, offers, restocks and the sync ask before
 * using a supplier. Built before them (the admin's service, built after, reads their health).
 */
export function createSupplierSwitch(suppliers: SupplierRepository) {
  return {
    /** Whether sellers may use the supplier now. */
    async isEnabled(id: SupplierId): Promise<boolean> {
      return (await suppliers.findById(id))?.enabled ?? true;
    },
  };
}
export type SupplierSwitch = ReturnType<typeof createSupplierSwitch>;

const supplierIdOf = (id: string): SupplierId => {
  const known = SUPPLIER_IDS.find((s) => s === id);
  if (!known) throw new AppError('NOT_FOUND');
  return known;
};

/**
 * The four suppliers as the admin console's `suppliers` resource: always all four, in the spec's
 * order, with their health (connections, error rate, breakers); an admin switches one off for
 * the whole marketplace (audited).
 */
export function createSupplierService(deps: {
  suppliers: SupplierRepository;
  connections: SupplierConnectionFacade & {
    breakersBySupplier(): SupplierHealth['breakers'];
  };
  purchases: Pick<SupplierPurchaseFacade, 'outcomesBySupplier'>;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { suppliers, connections, purchases, auditLog } = deps;
  const now = deps.clock ?? (() => new Date());
  const health = async (): Promise<SupplierHealth> => {
    const [counts, outcomes] = await Promise.all([
      connections.countBySupplier(),
      purchases.outcomesBySupplier(new Date(now().getTime() - DAY_MS)),
    ]);
    return { connections: counts, outcomes, breakers: connections.breakersBySupplier() };
  };
  const one = async (id: SupplierId) => toAdmin(id, await suppliers.findById(id), await health());

  return {
    async list(filter: { enabled?: boolean | undefined }): Promise<AdminSupplier[]> {
      const [docs, now] = await Promise.all([
        suppliers.all().then((all) => new Map(all.map((d) => [d._id, d]))),
        health(),
      ]);
      return SUPPLIER_IDS.map((id) => toAdmin(id, docs.get(id), now)).filter(
        (s) => filter.enabled === undefined || s.enabled === filter.enabled,
      );
    },

    async get(id: string): Promise<AdminSupplier> {
      return one(supplierIdOf(id));
    },

    async update(id: string, input: SupplierUpdate, ctx: AuditContext): Promise<AdminSupplier> {
      const known = supplierIdOf(id);
      const before = await one(known);
      if (before.enabled !== input.enabled) {
        await suppliers.setEnabled(known, input.enabled, now(), ctx.actor.email ?? ctx.actor.uid);
        await auditLog.record(ctx, {
          action: 'supplier.update',
          target: { type: 'supplier', id: known },
          reason: null,
          details: { enabled: { from: before.enabled, to: input.enabled } },
        });
      } else auditLog.unchanged(ctx);
      return one(known);
    },
  };
}
export type SupplierService = ReturnType<typeof createSupplierService>;
