import type { ModuleDeclaration } from '../../runtime/module.ts';

/**
 * Offers bring the supplier sync: supplier-backed offers follow their suppliers' stock and
 * prices. Each connection is synced once its offers are SUPPLIER_SYNC_MINUTES old (a minute's
 * tick spreads them out), and in between its on-demand stock is checked every minute, so a
 * sold-out sku leaves at once. A run may take minutes (a long catalogue): its lease is longer.
 */
export const offersModule = (given: {
  supplierSync: { syncDue(): Promise<unknown>; checkStockDue(): Promise<unknown> };
}): ModuleDeclaration => ({
  name: 'offers',
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
});
