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
import type { SupplierDoc, SupplierRepository } from './suppliers.repository.ts';

const toAdmin = (
  id: SupplierId,
  doc: SupplierDoc | null | undefined,
  connections: Partial<Record<SupplierId, number>>,
): AdminSupplier => ({
  id,
  name: SUPPLIER_NAMES[id],
  enabled: doc?.enabled ?? true,
  connections: connections[id] ?? 0,
  updatedAt: doc?.updatedAt.toISOString() ?? null,
  updatedBy: doc?.updatedBy ?? null,
});

const supplierIdOf = (id: string): SupplierId => {
  const known = SUPPLIER_IDS.find((s) => s === id);
  if (!known) throw new AppError('NOT_FOUND');
  return known;
};

/**
 * The four suppliers as the admin console's `suppliers` resource: always all four, in the spec's
 * order; an admin switches one off for the whole marketplace (audited).
 */
export function createSupplierService(deps: {
  suppliers: SupplierRepository;
  connections: SupplierConnectionFacade;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { suppliers, connections, auditLog } = deps;
  const one = async (id: SupplierId) =>
    toAdmin(id, await suppliers.findById(id), await connections.countBySupplier());
  const now = deps.clock ?? (() => new Date());

  return {
    async list(filter: { enabled?: boolean | undefined }): Promise<AdminSupplier[]> {
      const [docs, counts] = await Promise.all([
        suppliers.all().then((all) => new Map(all.map((d) => [d._id, d]))),
        connections.countBySupplier(),
      ]);
      return SUPPLIER_IDS.map((id) => toAdmin(id, docs.get(id), counts)).filter(
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
      }
      return one(known);
    },

    /** Whether sellers may use the supplier now (connections, purchases and syncs ask this). */
    async isEnabled(id: SupplierId): Promise<boolean> {
      return (await suppliers.findById(id))?.enabled ?? true;
    },
  };
}
export type SupplierService = ReturnType<typeof createSupplierService>;
