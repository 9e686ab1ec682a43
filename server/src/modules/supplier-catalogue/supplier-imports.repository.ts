import {
  MongoServerError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import type { SupplierId, SupplierImportStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

/**
 * An import of one connection's catalogue: where it stands in the supplier's paging (`cursor`,
 * saved with the counts after every page, so a restart resumes there) and how far it got.
 */
export type SupplierImportDoc = {
  _id: ObjectId;
  connectionId: string;
  sellerId: string;
  supplier: SupplierId;
  status: SupplierImportStatus;
  /** The next page to read (null: the first, before any page is saved). */
  cursor: string | null;
  /** Products read in the pages saved. */
  done: number;
  pages: number;
  total: number | null;
  /** `total` is the last complete import's size, not the supplier's own count. */
  estimated: boolean;
  error: string | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

export const supplierImportIndexes: IndexDescription[] = [
  // One running import per connection: a second start finds the first instead of racing it.
  {
    key: { connectionId: 1 },
    name: 'one_running_per_connection',
    unique: true,
    partialFilterExpression: { status: 'running' },
  },
  // A seller's imports, newest first.
  { key: { sellerId: 1, startedAt: -1, _id: -1 } },
  // Resuming after a restart: the imports still running.
  { key: { status: 1 } },
];

const SORTABLE = new Set(['startedAt', 'updatedAt', 'status', 'supplier']);

export type SupplierImportFilter = {
  ids?: ObjectId[] | undefined;
  connectionId?: string | undefined;
  status?: SupplierImportStatus | undefined;
};

/** The only code that touches `supplierImports`. */
export function createSupplierImportRepository(db: Db) {
  const imports = db.collection<SupplierImportDoc>('supplierImports');
  return {
    /** Records a new running import; answers the one already running for the connection instead. */
    async insertOrRunning(
      doc: SupplierImportDoc,
    ): Promise<{ doc: SupplierImportDoc; created: boolean }> {
      try {
        await imports.insertOne(doc);
        return { doc, created: true };
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
        const running = await imports.findOne({
          connectionId: doc.connectionId,
          status: 'running',
        });
        // Finished between the refusal and this read: the caller may simply start again.
        if (!running) throw err;
        return { doc: running, created: false };
      }
    },
    findById: (id: ObjectId) => imports.findOne({ _id: id }),
    findOwn: (id: ObjectId, sellerId: string) => imports.findOne({ _id: id, sellerId }),
    running: () => imports.find({ status: 'running' }).toArray(),
    /**
     * Saves one page read: the cursor of the next and the counts, in one write, so a crash before
     * it re-reads the page (its products are upserted again, never duplicated) and one after it
     * goes on from the next.
     */
    savePage: (
      id: ObjectId,
      page: { cursor: string | null; items: number; total: number | null; estimated: boolean },
      at: Date,
    ) =>
      imports.findOneAndUpdate(
        { _id: id, status: 'running' },
        {
          $set: {
            cursor: page.cursor,
            total: page.total,
            estimated: page.estimated,
            updatedAt: at,
          },
          $inc: { done: page.items, pages: 1 },
        },
        { returnDocument: 'after' },
      ),
    /** Every page read: `done` products, the catalogue's size now. */
    finish: (id: ObjectId, counts: { done: number; pages: number }, at: Date) =>
      imports.updateOne(
        { _id: id, status: 'running' },
        {
          $set: {
            ...counts,
            status: 'done',
            total: counts.done,
            estimated: false,
            updatedAt: at,
            finishedAt: at,
          },
        },
      ),
    fail: (id: ObjectId, error: string, at: Date) =>
      imports.updateOne(
        { _id: id, status: 'running' },
        { $set: { status: 'failed', error, updatedAt: at, finishedAt: at } },
      ),
    async page(sellerId: string, f: SupplierImportFilter, q: ListQuery) {
      const query: Filter<SupplierImportDoc> = { sellerId };
      if (f.ids) query._id = { $in: f.ids };
      if (f.connectionId) query.connectionId = f.connectionId;
      if (f.status) query.status = f.status;
      const sorted = q.sort && SORTABLE.has(q.sort.field);
      const field = sorted ? q.sort!.field : 'startedAt';
      const order = sorted ? q.sort!.order : -1;
      const [rows, total] = await Promise.all([
        imports
          .find(query)
          .sort({ [field]: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        imports.countDocuments(query),
      ]);
      return { rows, total };
    },
  };
}
export type SupplierImportRepository = ReturnType<typeof createSupplierImportRepository>;
