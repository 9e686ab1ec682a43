import { ObjectId } from 'mongodb';
import type { SupplierImport, SupplierImportStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { CatalogueConnections } from './catalogue-connections.ts';
import type { ImportRunner } from './import-runner.ts';
import type { SupplierImportDoc, SupplierImportRepository } from './supplier-imports.repository.ts';
import type { SupplierProductRepository } from './supplier-products.repository.ts';

const toImport = (d: SupplierImportDoc): SupplierImport => ({
  id: d._id.toHexString(),
  connectionId: d.connectionId,
  supplier: d.supplier,
  status: d.status,
  done: d.done,
  total: d.total,
  estimated: d.estimated,
  pages: d.pages,
  error: d.error,
  startedAt: d.startedAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  finishedAt: d.finishedAt?.toISOString() ?? null,
});

/** A seller's catalogue imports: start one per connection, follow its progress. */
export function createSupplierImportService(deps: {
  imports: SupplierImportRepository;
  products: Pick<SupplierProductRepository, 'countLive'>;
  connections: Pick<CatalogueConnections, 'get' | 'supplierFor'>;
  runner: Pick<ImportRunner, 'launch'>;
  clock?: () => Date;
}) {
  const { imports, products, connections, runner } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    /**
     * Starts importing the connection's catalogue in the background, or answers the import
     * already running for it. Until the supplier says its size, the catalogue as last imported
     * is the estimate. 409 while the connection's supplier is switched off or unreachable.
     */
    async start(sellerId: string, connectionId: string): Promise<SupplierImport> {
      const connection = await connections.get(sellerId, connectionId);
      await connections.supplierFor(connection.id);
      const known = await products.countLive(connection.supplier);
      const at = now();
      const { doc, created } = await imports.insertOrRunning({
        _id: new ObjectId(),
        connectionId: connection.id,
        sellerId,
        supplier: connection.supplier,
        status: 'running',
        cursor: null,
        done: 0,
        pages: 0,
        total: known || null,
        estimated: known > 0,
        error: null,
        startedAt: at,
        updatedAt: at,
        finishedAt: null,
      });
      if (created) runner.launch(doc);
      return toImport(doc);
    },

    async get(sellerId: string, id: string): Promise<SupplierImport> {
      const oid = toObjectId(id);
      const doc = oid && (await imports.findOwn(oid, sellerId));
      if (!doc) throw new AppError('NOT_FOUND');
      return toImport(doc);
    },

    async list(
      sellerId: string,
      q: ListQuery,
      filter: {
        id?: string | string[] | undefined;
        connectionId?: string | undefined;
        status?: SupplierImportStatus | undefined;
      },
    ) {
      const { rows, total } = await imports.page(
        sellerId,
        {
          ids: filter.id === undefined ? undefined : toObjectIds(filter.id),
          connectionId: filter.connectionId,
          status: filter.status,
        },
        q,
      );
      return { rows: rows.map(toImport), total };
    },
  };
}
export type SupplierImportService = ReturnType<typeof createSupplierImportService>;
