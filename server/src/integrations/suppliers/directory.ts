import type { SupplierCredentials } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type {
  Supplier,
  SupplierConnectionOptions,
  SupplierHttpTuning,
  SupplierId,
} from './supplier.ts';
import { createBuygamesguruSupplier } from './buygamesguru/index.ts';
import { createCodeswholesaleSupplier } from './codeswholesale/index.ts';
import { createPrepaidforgeSupplier } from './prepaidforge/index.ts';
import { createWockSupplier } from './wock/index.ts';

type Factory<Id extends SupplierId> = (options: SupplierConnectionOptions<Id>) => Supplier;

/** Each supplier's adapter factory. */
const FACTORIES: { [Id in SupplierId]: Factory<Id> } = {
  prepaidforge: createPrepaidforgeSupplier,
  wock: createWockSupplier,
  codeswholesale: createCodeswholesaleSupplier,
  buygamesguru: createBuygamesguruSupplier,
};

/**
 * Where the marketplace reaches each supplier and how it builds one seller's adapter. Built once
 * from the configuration (or, in tests, pointed at the sandboxes they start) and handed to the
 * container.
 */
export type SupplierDirectory = {
  /** Whether sellers can connect to the supplier here: this server has its base URL. */
  available(id: SupplierId): boolean;
  /** A new adapter for one seller's credentials (its own HTTP client and breaker). */
  connect<Id extends SupplierId>(id: Id, credentials: SupplierCredentials[Id]): Supplier;
};

export function createSupplierDirectory(options: {
  /** Each supplier's API base URL: the real API, or offline its local sandbox. */
  urls: Partial<Record<SupplierId, string>>;
  /** The HTTP client's tuning for every adapter (tests shorten timeouts and backoff). */
  http?: Partial<SupplierHttpTuning>;
  log?: Logger;
}): SupplierDirectory {
  const { urls, http, log } = options;
  return {
    available: (id) => Boolean(urls[id]),
    connect(id, credentials) {
      const baseUrl = urls[id];
      if (!baseUrl) throw new Error(`the supplier ${id} is not available here`);
      return FACTORIES[id]({ baseUrl, credentials, http, log: log?.child({ supplier: id }) });
    },
  };
}
