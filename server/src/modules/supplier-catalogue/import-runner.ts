import {
  SupplierError,
  type Supplier,
  type SupplierProduct,
} from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { HeldLease, Leases } from '../../jobs/lease.ts';
import { normaliseName } from './normalise.ts';
import { platformCandidates, regionOf } from './spellings.ts';
import type { SupplierImportDoc, SupplierImportRepository } from './supplier-imports.repository.ts';
import type {
  SupplierProductFields,
  SupplierProductRepository,
} from './supplier-products.repository.ts';

/** The import cannot go on for a reason the seller can read (it fails with this message). */
class ImportError extends Error {}

/** Where a test may stop a run as a crash would (`'halt'`): the import stays running. */
export type ImportHooks = {
  /** After a page's products are written, before its cursor is saved. */
  pageWritten?: (progress: { importId: string; pages: number }) => 'halt' | undefined;
};

/** How a supplier product is stored: its name normalised, its spellings mapped. */
export const toFields = (p: SupplierProduct): SupplierProductFields => ({
  sku: p.sku,
  name: p.name,
  normalisedName: normaliseName(p.name),
  supplierPlatform: p.platform,
  platforms: platformCandidates(p.platform, p.name),
  supplierRegions: p.regions,
  region: regionOf(p.regions),
  quantity: p.quantity,
  cost: p.price,
  imageUrl: p.imageUrl,
  preOrder: p.preOrder,
});

/** An import's lease lasts this long without a heartbeat: a dead runner's import waits this. */
const IMPORT_LEASE_MS = 60_000;

/**
 * Runs catalogue imports in the background: pages `listProducts` from the saved cursor into
 * `supplierProducts`, saving the cursor and counts after every page; after the last page, marks
 * gone what the supplier no longer lists. Each run holds the import's lease
 * (`supplier-import:<id>`, renewed while it pages), so one instance pages an import at a time;
 * `resume` (the `supplier-imports` job, and at boot) takes over the imports a stop or a crash
 * left running once their lease has expired. No request ever waits for a page.
 */
export function createImportRunner(deps: {
  imports: SupplierImportRepository;
  products: SupplierProductRepository;
  /** A connection's adapter (404/409 AppError when it is gone or its supplier is off). */
  supplierFor: (connectionId: string) => Promise<Supplier>;
  log: Logger;
  /** Claims an import for the instance that pages it. */
  leases: Pick<Leases, 'acquire'>;
  /** The import lease's TTL (tests shorten it). */
  leaseMs?: number;
  clock?: () => Date;
  hooks?: ImportHooks;
}) {
  const { imports, products, log } = deps;
  const now = deps.clock ?? (() => new Date());
  /** The runs of this process, by import id: never two loops over one import. */
  const active = new Map<string, Promise<void>>();
  let stopping = false;

  /** The supplier's count when it gives one, else the estimate while `done` has not passed it. */
  const totalOf = (doc: SupplierImportDoc, done: number, pageTotal: number | undefined) => {
    if (pageTotal !== undefined) return { total: pageTotal, estimated: false };
    if (doc.total !== null && done <= doc.total)
      return { total: doc.total, estimated: doc.estimated };
    return { total: null, estimated: false };
  };

  async function pages(start: SupplierImportDoc, lease: HeldLease) {
    const id = start._id.toHexString();
    const supplier = await deps.supplierFor(start.connectionId);
    let doc = start;
    // A lost lease (a renewal failed): another instance goes on from the saved cursor.
    while (!stopping && lease.held) {
      const page = await supplier.listProducts(doc.cursor);
      await products.upsertPage(doc.supplier, page.items.map(toFields), now());
      if (deps.hooks?.pageWritten?.({ importId: id, pages: doc.pages + 1 }) === 'halt') return;
      const done = doc.done + page.items.length;
      if (page.next === null) {
        // Marked before the import is finished: a crash in between re-reads the last page.
        const gone = await products.markGone(doc.supplier, doc.startedAt, now());
        await imports.finish(doc._id, { done, pages: doc.pages + 1 }, now());
        log.info({ importId: id, supplier: doc.supplier, done, gone }, 'supplier import done');
        return;
      }
      // A supplier answering the same cursor again would page forever.
      if (page.next === doc.cursor)
        throw new ImportError('The supplier’s catalogue pages do not advance');
      const saved = await imports.savePage(
        doc._id,
        { cursor: page.next, items: page.items.length, ...totalOf(doc, done, page.total) },
        now(),
      );
      // Failed or finished elsewhere (another process resumed it): this loop has nothing to do.
      if (!saved) return;
      doc = saved;
    }
  }

  /** Runs an import to its end, its failure recorded on it; a second call joins the first. */
  function run(doc: SupplierImportDoc): Promise<void> {
    const id = doc._id.toHexString();
    const current = active.get(id);
    if (current) return current;
    const running = claimed(doc)
      .catch(async (err: unknown) => {
        // The supplier's refusal or unavailability, the connection gone or switched off, bad paging.
        const known =
          err instanceof SupplierError || err instanceof AppError || err instanceof ImportError;
        if (!known) log.error({ err, importId: id }, 'supplier import failed');
        const message = known ? err.message : 'Something went wrong';
        await imports.fail(doc._id, message, now());
      })
      .catch((err: unknown) => log.error({ err, importId: id }, 'supplier import not recorded'))
      .finally(() => active.delete(id));
    active.set(id, running);
    return running;
  }

  /** Pages the import under its lease; nothing when another instance holds it. */
  async function claimed(doc: SupplierImportDoc): Promise<void> {
    const lease = await deps.leases.acquire(`supplier-import:${doc._id.toHexString()}`, {
      ttlMs: deps.leaseMs ?? IMPORT_LEASE_MS,
    });
    if (!lease) return;
    try {
      // Read again under the lease: the previous holder may have moved it on or finished it.
      const fresh = await imports.findById(doc._id);
      if (fresh?.status !== 'running') return;
      if (lease.takenOver)
        log.warn({ importId: doc._id.toHexString() }, 'supplier import taken over');
      await pages(fresh, lease);
    } finally {
      await lease.release();
    }
  }

  return {
    /** Runs the import in the background (unless stopping): the caller does not wait. */
    launch(doc: SupplierImportDoc) {
      if (!stopping) void run(doc);
    },
    /** Resumes in the background every import left running; answers how many. */
    async resume(): Promise<number> {
      const left = await imports.running();
      for (const doc of left) if (!stopping) void run(doc);
      if (left.length) log.info({ count: left.length }, 'supplier imports resumed');
      return left.length;
    },
    /** Stops after the page each run is on; the imports stay running, resumed at the next boot. */
    async stop() {
      stopping = true;
      await Promise.all(active.values());
    },
  };
}
export type ImportRunner = ReturnType<typeof createImportRunner>;
