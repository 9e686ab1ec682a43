import type { ObjectId } from 'mongodb';
import { SUPPLIER_NAMES } from '@market/shared';
import { SupplierError, type Supplier } from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Leases } from '../../jobs/lease.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { SupplierSwitch } from '../suppliers/suppliers.service.ts';
import type { OfferPricing } from './offer-pricing.ts';
import type {
  OfferDoc,
  OfferRepository,
  SupplierSourceDoc,
  SyncChange,
} from './offers.repository.ts';
import { isSupplierOffer, type OfferConnections, type SupplierOffers } from './supplier-offers.ts';
import { syncOutcome, type SupplierFinding } from './supplier-sync-outcome.ts';

/** Skus asked of a supplier in one `getStock` call. */
const STOCK_CHUNK = 100;
/** A connection synced this recently needs no stock check. */
const STOCK_CHECK_AFTER_MS = 30_000;

/** What one connection's sync did. */
export type SyncReport = {
  offers: number;
  /** Offers the sync took off sale, and those it put back. */
  paused: number;
  resumed: number;
  /** Offers whose prices moved. */
  repriced: number;
  /** Offers a seller changed while the sync ran: left to the next sync. */
  skipped: number;
  /** Why the supplier could not be asked (nothing changed then); null when it was. */
  error: string | null;
};

type SupplierOffer = OfferDoc & { source: SupplierSourceDoc };

const samePrices = (a: OfferDoc['prices'], b: OfferDoc['prices']) =>
  a.eur === b.eur && a.usd === b.usd && a.gbp === b.gbp;

/** A connection's sync lease: a sync pages the supplier's answers for every sku it sells. */
const SYNC_LEASE_MS = 5 * 60_000;

/**
 * The sync of supplier-backed offers, one seller connection at a time: ask the supplier for the
 * stock and price of every sku the connection's offers sell, then re-price each offer by its
 * rule, declare on-demand stock, pause what cannot sell and put back what the sync itself had
 * paused (supplier-sync-outcome.ts). The products' price ranges follow. `syncDue` is the job
 * (every `everyMinutes` per connection); `syncConnection` runs one at once (a postback).
 */
export function createSupplierSync(deps: {
  offers: OfferRepository;
  keys: Pick<KeyFacade, 'countsByOffer'>;
  connections: OfferConnections;
  suppliers: SupplierSwitch;
  supplierOffers: Pick<SupplierOffers, 'pricingContext'>;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
  everyMinutes: number;
  log: Logger;
  /**
   * Claims a connection for the instance syncing it (`supplier-sync:<id>`): two schedulers
   * never ask one supplier account for the same answers twice at once. None: this process only.
   */
  leases?: Pick<Leases, 'withLease'>;
  clock?: () => Date;
}) {
  const { offers, keys, connections, suppliers, supplierOffers, pricing, log } = deps;
  const now = deps.clock ?? (() => new Date());
  /** `fn` under the connection's lease; null when another instance has the connection. */
  const claimed = async <T>(connectionId: string, fn: () => Promise<T>): Promise<T | null> => {
    if (!deps.leases) return fn();
    const run = await deps.leases.withLease(
      `supplier-sync:${connectionId}`,
      { ttlMs: SYNC_LEASE_MS },
      fn,
    );
    return run.ran ? run.value : null;
  };

  /**
   * What the supplier says of each offer's sku, or why it could not be asked. A supplier
   * switched off (or not reachable from here), a connection that is gone and a supplier whose
   * breaker opened (repeated failures) are findings: the on-demand offers stop selling until a
   * sync gets answers again. A supplier that failed once is an error: nothing changes.
   */
  async function findingsOf(
    connectionId: string,
    list: SupplierOffer[],
  ): Promise<{ finding: (sku: string) => SupplierFinding; error: string | null }> {
    const supplier = list[0]!.source.supplier;
    const name = SUPPLIER_NAMES[supplier];
    const all = (finding: SupplierFinding, error: string) => ({ finding: () => finding, error });
    if (!(await suppliers.isEnabled(supplier))) {
      return all({ kind: 'supplierOff' }, `${name} is switched off for the marketplace`);
    }
    let adapter: Supplier | null = null;
    try {
      adapter = await connections.supplierFor(connectionId);
      const skus = [...new Set(list.map((o) => o.source.sku))];
      const found = new Map<string, SupplierFinding>();
      for (let i = 0; i < skus.length; i += STOCK_CHUNK) {
        for (const s of await adapter.getStock(skus.slice(i, i + STOCK_CHUNK))) {
          found.set(s.sku, { kind: 'stock', quantity: s.quantity, price: s.price });
        }
      }
      return { finding: (sku) => found.get(sku) ?? { kind: 'skuGone' }, error: null };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        return all({ kind: 'noConnection' }, 'The connection is gone');
      }
      if (err instanceof AppError && err.code === 'CONFLICT') {
        return all({ kind: 'supplierOff' }, err.message);
      }
      if (err instanceof SupplierError && adapter && adapter.breakerState() !== 'closed') {
        return all({ kind: 'supplierDown' }, err.message);
      }
      throw err;
    }
  }

  /** What the supplier's findings make of each offer (supplier-sync-outcome.ts). */
  async function outcomes(
    list: SupplierOffer[],
    finding: (sku: string) => SupplierFinding,
    at: Date,
  ): Promise<[SupplierOffer, SyncChange][]> {
    const counts = await keys.countsByOffer(list.map((o) => o._id));
    const ctx = await supplierOffers.pricingContext();
    return list.map((offer) => [
      offer,
      syncOutcome({
        offer,
        found: finding(offer.source.sku),
        availableKeys: counts.get(offer._id.toHexString())?.available ?? 0,
        ctx,
        now: at,
      }),
    ]);
  }

  /** Records the sync on the connection; a connection removed meanwhile has nothing to record. */
  async function record(connectionId: string, at: Date, error: string | null) {
    try {
      await connections.recordSync(connectionId, { at, error });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
    }
  }

  async function syncConnection(connectionId: string): Promise<SyncReport> {
    const at = now();
    const list = (await offers.ofConnection(connectionId)).filter(isSupplierOffer);
    const report: SyncReport = {
      offers: list.length,
      paused: 0,
      resumed: 0,
      repriced: 0,
      skipped: 0,
      error: null,
    };
    if (!list.length) {
      await record(connectionId, at, null);
      return report;
    }
    let findings;
    try {
      findings = await findingsOf(connectionId, list);
    } catch (err) {
      if (!(err instanceof SupplierError)) throw err;
      // Offers stay as they are: a purchase meets the same supplier (and its breaker) anyway.
      report.error = err.message;
      await record(connectionId, at, err.message);
      return report;
    }
    report.error = findings.error;
    const touched: ObjectId[] = [];
    for (const [offer, change] of await outcomes(list, findings.finding, at)) {
      if (!(await offers.applySync(offer, change))) {
        report.skipped++;
        continue;
      }
      touched.push(offer.productId);
      if (change.status === 'paused' && offer.status === 'active') report.paused++;
      if (change.status === 'active' && offer.status === 'paused') report.resumed++;
      if (!samePrices(change.prices, offer.prices)) report.repriced++;
    }
    await pricing.refreshRanges(touched);
    await record(connectionId, at, findings.error);
    return report;
  }

  /**
   * One connection's stock check, between syncs: on-demand offers on sale whose sku ran out, is
   * gone or whose supplier went down leave the storefront now, and declared stock that shrank
   * follows. Prices, and offers coming back, wait for the sync. Returns the offers it changed.
   */
  async function checkStock(connectionId: string): Promise<number> {
    const list = (await offers.ofConnection(connectionId))
      .filter(isSupplierOffer)
      .filter((o) => o.source.mode === 'onDemand' && o.status === 'active');
    if (!list.length) return 0;
    let findings;
    try {
      findings = await findingsOf(connectionId, list);
    } catch (err) {
      if (err instanceof SupplierError) return 0; // once is not a pattern: the sync decides
      throw err;
    }
    const touched: ObjectId[] = [];
    for (const [offer, change] of await outcomes(list, findings.finding, now())) {
      const shrank = change.stock !== undefined && change.stock < offer.stock;
      if (change.status === 'active' && !shrank) continue;
      if (await offers.applyStockCheck(offer, change)) touched.push(offer.productId);
    }
    await pricing.refreshRanges(touched);
    return touched.length;
  }

  return {
    syncConnection,

    /**
     * Checks the stock of every connection selling on demand that was not synced within the
     * last `STOCK_CHECK_AFTER_MS` (those were just asked): the job's minute tick makes a sold-out
     * sku leave the storefront within a minute, whatever the sync's schedule.
     */
    async checkStockDue(): Promise<number> {
      const before = new Date(now().getTime() - STOCK_CHECK_AFTER_MS);
      let changed = 0;
      for (const connectionId of await offers.connectionsSellingOnDemand(before)) {
        try {
          changed += (await claimed(connectionId, () => checkStock(connectionId))) ?? 0;
        } catch (err) {
          log.error({ err, connectionId }, 'supplier stock check failed');
        }
      }
      return changed;
    },

    /** Syncs every connection whose offers were last synced `everyMinutes` ago or more. */
    async syncDue(): Promise<number> {
      const before = new Date(now().getTime() - deps.everyMinutes * 60_000);
      const due = await offers.connectionsDue(before);
      for (const connectionId of due) {
        try {
          const report = await claimed(connectionId, () => syncConnection(connectionId));
          if (report?.error) log.warn({ connectionId, ...report }, 'supplier sync incomplete');
        } catch (err) {
          log.error({ err, connectionId }, 'supplier sync failed');
        }
      }
      return due.length;
    },
  };
}
export type SupplierSync = ReturnType<typeof createSupplierSync>;
