import { MongoServerError, ObjectId } from 'mongodb';
import {
  SUPPLIER_NAMES,
  SupplierCredentialsSchemas,
  type SellerSupplierConnection,
  type SupplierConnectionCreate,
  type SupplierConnectionUpdate,
  type SupplierCredentials,
  type SupplierId,
} from '@market/shared';
import type { SupplierDirectory } from '../../integrations/suppliers/directory.ts';
import { SupplierError, type Supplier } from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { SupplierSwitch } from '../suppliers/suppliers.service.ts';
import type {
  SupplierConnectionDoc,
  SupplierConnectionRepository,
} from './supplier-connections.repository.ts';

/** Shorter keys than this show no characters at all: four of them would give too much away. */
const HINT_MIN_LENGTH = 12;

/** What the console shows to recognise credentials: the account's email, or a key's last four. */
export function credentialsHint(credentials: SupplierCredentials[SupplierId]): string {
  if ('email' in credentials) return credentials.email;
  const key = 'apiKey' in credentials ? credentials.apiKey : credentials.clientId;
  return key.length >= HINT_MIN_LENGTH ? `…${key.slice(-4)}` : '…';
}

/** A connection's stored credentials, opened and checked against its supplier's shape. */
function openCredentials(
  vault: KeyVault,
  supplier: SupplierId,
  sealed: string,
): SupplierCredentials[SupplierId] {
  return SupplierCredentialsSchemas[supplier].parse(JSON.parse(vault.decrypt(sealed)));
}

/**
 * Sellers' connections to their own accounts at the suppliers. Credentials are sealed with the
 * key vault and never answered back. Each connection gets one adapter, kept for as long as its
 * credentials are (so its circuit breaker outlives requests); every use of a connection asks
 * first whether the admin has switched its supplier off and whether this server reaches it.
 */
export function createSupplierConnectionService(deps: {
  connections: SupplierConnectionRepository;
  suppliers: SupplierSwitch;
  directory: SupplierDirectory;
  vault: KeyVault;
  clock?: () => Date;
}) {
  const { connections, suppliers, directory, vault } = deps;
  const now = deps.clock ?? (() => new Date());
  /** By connection id: the adapter and the sealed credentials it was built with. */
  const adapters = new Map<string, { sealed: string; supplier: Supplier }>();

  const toSeller = (doc: SupplierConnectionDoc): SellerSupplierConnection => ({
    id: doc._id.toHexString(),
    supplier: doc.supplier,
    label: doc.label,
    credentialsHint: doc.credentialsHint,
    status: doc.status,
    lastCheck: doc.lastCheck && { ...doc.lastCheck, at: doc.lastCheck.at.toISOString() },
    breaker: adapters.get(doc._id.toHexString())?.supplier.breakerState() ?? 'closed',
    lastSyncAt: doc.lastSyncAt?.toISOString() ?? null,
    lastError: doc.lastError && { ...doc.lastError, at: doc.lastError.at.toISOString() },
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  });

  /** Refuses a supplier the admin switched off, or one this server has no way to reach. */
  async function ensureUsable(supplier: SupplierId) {
    const name = SUPPLIER_NAMES[supplier];
    const refuse = (message: string) =>
      new AppError('CONFLICT', { message, errors: { supplier: message } });
    if (!(await suppliers.isEnabled(supplier))) {
      throw refuse(`${name} is switched off for the marketplace`);
    }
    if (!directory.available(supplier)) throw refuse(`${name} is not available here`);
  }

  /** The connection's adapter: the one built before unless its credentials changed since. */
  function adapterOf(doc: SupplierConnectionDoc): Supplier {
    const key = doc._id.toHexString();
    const cached = adapters.get(key);
    if (cached?.sealed === doc.credentials) return cached.supplier;
    const supplier = directory.connect(
      doc.supplier,
      openCredentials(vault, doc.supplier, doc.credentials),
    );
    adapters.set(key, { sealed: doc.credentials, supplier });
    return supplier;
  }

  const own = async (sellerId: string, id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await connections.findOwn(oid, sellerId));
    // Another seller's connection answers exactly like a missing one.
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  return {
    /**
     * Breakers not closed, per supplier, among the connections this process has used (one not
     * used since the start has a closed breaker): the admin's suppliers list shows them.
     */
    breakersBySupplier(): Partial<Record<SupplierId, { open: number; halfOpen: number }>> {
      const counts: Partial<Record<SupplierId, { open: number; halfOpen: number }>> = {};
      for (const { supplier } of adapters.values()) {
        const state = supplier.breakerState();
        if (state === 'closed') continue;
        const c = (counts[supplier.id] ??= { open: 0, halfOpen: 0 });
        if (state === 'open') c.open++;
        else c.halfOpen++;
      }
      return counts;
    },

    async list(
      sellerId: string,
      q: ListQuery,
      filter: { id?: string | string[] | undefined; supplier?: SupplierId | undefined },
    ) {
      const { rows, total } = await connections.pageOfSeller(sellerId, q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        supplier: filter.supplier,
      });
      return { rows: rows.map(toSeller), total };
    },

    async get(sellerId: string, id: string): Promise<SellerSupplierConnection> {
      return toSeller(await own(sellerId, id));
    },

    /** A new, untested connection; 409 for a supplier switched off, unreachable or already connected. */
    async create(sellerId: string, input: SupplierConnectionCreate) {
      await ensureUsable(input.supplier);
      const at = now();
      const doc: SupplierConnectionDoc = {
        _id: new ObjectId(),
        sellerId,
        supplier: input.supplier,
        label: input.label,
        credentials: vault.encrypt(JSON.stringify(input.credentials)),
        credentialsHint: credentialsHint(input.credentials),
        status: 'untested',
        lastCheck: null,
        lastSyncAt: null,
        lastError: null,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await connections.insert(doc);
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) {
          const message = `You are already connected to ${SUPPLIER_NAMES[input.supplier]}`;
          throw new AppError('CONFLICT', { message, errors: { supplier: message } });
        }
        throw err;
      }
      return toSeller(doc);
    },

    /** A new label, and new credentials when given (the connection is untested again). */
    async update(sellerId: string, id: string, input: SupplierConnectionUpdate) {
      const doc = await own(sellerId, id);
      if (input.supplier !== doc.supplier) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { supplier: 'A connection keeps its supplier' },
        });
      }
      const fresh = input.credentials && {
        credentials: vault.encrypt(JSON.stringify(input.credentials)),
        credentialsHint: credentialsHint(input.credentials),
        status: 'untested' as const,
        lastCheck: null,
      };
      const saved = await connections.updateOwn(
        doc._id,
        sellerId,
        { ...(input.label !== undefined && { label: input.label }), ...fresh },
        now(),
      );
      if (!saved) throw new AppError('NOT_FOUND');
      if (fresh) adapters.delete(doc._id.toHexString());
      return toSeller(saved);
    },

    async remove(sellerId: string, id: string): Promise<SellerSupplierConnection> {
      const oid = toObjectId(id);
      const removed = oid && (await connections.removeOwn(oid, sellerId));
      if (!removed) throw new AppError('NOT_FOUND');
      adapters.delete(removed._id.toHexString());
      return { ...toSeller(removed), breaker: 'closed' };
    },

    /**
     * Asks the supplier for the account's balance with the stored credentials and records what
     * it found (`lastCheck`, the status, and `lastError` on failure). A supplier's refusal is an
     * outcome, not an error of the call; a supplier switched off or unreachable here is a 409.
     */
    async test(sellerId: string, id: string): Promise<SellerSupplierConnection> {
      const doc = await own(sellerId, id);
      await ensureUsable(doc.supplier);
      const adapter = adapterOf(doc);
      let outcome: Partial<Pick<SupplierConnectionDoc, 'status' | 'lastCheck' | 'lastError'>>;
      try {
        const { available } = await adapter.balance();
        outcome = {
          status: 'ok',
          lastCheck: { at: now(), ok: true, balance: available, error: null },
        };
      } catch (err) {
        if (!(err instanceof SupplierError)) throw err;
        const at = now();
        outcome = {
          status: 'failing',
          lastCheck: { at, ok: false, balance: null, error: err.message },
          lastError: { at, message: err.message },
        };
      }
      const saved = await connections.recordCheck(doc._id, doc.credentials, outcome, now());
      return toSeller(saved ?? (await own(sellerId, id)));
    },

    /**
     * Records a sync of the connection's offers (the offers' supplier sync calls it): when it
     * worked, or why it did not. 404 for a connection that is gone.
     */
    async recordSync(connectionId: string, outcome: { at: Date; error: string | null }) {
      const oid = toObjectId(connectionId);
      const saved = oid && (await connections.recordSync(oid, outcome.at, outcome.error));
      if (!saved) throw new AppError('NOT_FOUND');
    },

    /**
     * The connection to `supplier` whose credentials `sent` says signed a postback (null when
     * none did): the credentials are opened here and never leave this module.
     */
    async signedBy<Id extends SupplierId>(
      supplier: Id,
      sent: (credentials: SupplierCredentials[Id]) => boolean,
    ): Promise<string | null> {
      for (const doc of await connections.ofSupplier(supplier)) {
        // Parsed with the schema of `doc.supplier`, which is `supplier`.
        const credentials = openCredentials(vault, doc.supplier, doc.credentials);
        if (sent(credentials as SupplierCredentials[Id])) {
          return doc._id.toHexString();
        }
      }
      return null;
    },

    /**
     * The adapter of a connection, for the work done through it (catalogue sync, purchases): the
     * same instance every time while the credentials stay, so its breaker counts across calls.
     * 404 for an unknown connection; 409 while its supplier is switched off or unreachable.
     */
    async supplierFor(connectionId: string): Promise<Supplier> {
      const oid = toObjectId(connectionId);
      const doc = oid && (await connections.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      await ensureUsable(doc.supplier);
      return adapterOf(doc);
    },
  };
}
export type SupplierConnectionService = ReturnType<typeof createSupplierConnectionService>;
