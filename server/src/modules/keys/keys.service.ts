import type { KeyStatus, MaskedKey, RevealedKey } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import { listedKeyCode, openKeyCode } from './key-content.ts';
import { createRestock } from './key-stock.ts';
import type { KeyVault } from './key-vault.ts';
import type { KeyDoc, KeyRepository } from './keys.repository.ts';

/** A key list's filter as the API takes it (ids as strings). */
export type KeyListFilter = {
  id?: string | string[] | undefined;
  offerId?: string | undefined;
  productId?: string | undefined;
  sellerId?: string | undefined;
  status?: KeyStatus | undefined;
  orderId?: string | undefined;
};

/**
 * Keys in the consoles: masked lists for admins and for each seller (`sellerId` scopes every
 * call to that seller's keys), revocation, and the admin's audited reveal of a code.
 */
export function createKeyService(deps: {
  keys: KeyRepository;
  offers: OfferFacade;
  products: ProductFacade;
  vault: KeyVault;
  pricing: OfferPricing;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { keys, offers, products, vault, pricing, auditLog } = deps;
  const clock = deps.clock ?? (() => new Date());

  const toMaskedKeys = async (docs: Omit<KeyDoc, 'hash'>[]): Promise<MaskedKey[]> => {
    const names = new Map(
      (await products.findByIds(docs.map((d) => d.productId))).map((p) => [
        p._id.toHexString(),
        p.name.en,
      ]),
    );
    return docs.map((d) => ({
      id: d._id.toHexString(),
      offerId: d.offerId.toHexString(),
      productId: d.productId.toHexString(),
      productName: names.get(d.productId.toHexString()) ?? '',
      sellerId: d.sellerId,
      status: d.status,
      createdAt: d.createdAt.toISOString(),
      masked: listedKeyCode(vault, d),
    }));
  };

  const findKey = async (id: string, sellerId?: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await keys.find(oid, sellerId));
    // Another seller's key answers exactly like a missing one.
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  /** The offer's stock (and so its product's price range) follows its available keys. */
  const restock = createRestock({ keys, offers, pricing });

  return {
    async list(q: ListQuery, filter: KeyListFilter) {
      const offerId = filter.offerId === undefined ? undefined : toObjectId(filter.offerId);
      const productId = filter.productId === undefined ? undefined : toObjectId(filter.productId);
      const orderId = filter.orderId === undefined ? undefined : toObjectId(filter.orderId);
      // An id that cannot exist matches nothing, like an unknown one.
      if (offerId === null || productId === null || orderId === null) return { rows: [], total: 0 };
      const { rows, total } = await keys.page(q, {
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
        offerId,
        productId,
        sellerId: filter.sellerId,
        status: filter.status,
        orderId,
      });
      return { rows: await toMaskedKeys(rows), total };
    },

    async get(id: string, sellerId?: string): Promise<MaskedKey> {
      const [key] = await toMaskedKeys([await findKey(id, sellerId)]);
      return key!;
    },

    /**
     * The code of a key (by its kind, like the buyer's reveal), for an admin; the audit entry is written before the code is answered. A
     * sold key is first marked seen by an admin, so a refund revokes it instead of selling it again.
     */
    async reveal(ctx: AuditContext, id: string, reason: string): Promise<RevealedKey> {
      const doc = await findKey(id);
      const code = openKeyCode(vault, doc);
      await keys.markRevealedByAdmin(doc._id, clock());
      await auditLog.record(ctx, {
        action: 'key.reveal',
        target: { type: 'key', id: doc._id.toHexString() },
        reason,
        details: { offerId: doc.offerId.toHexString(), status: doc.status },
      });
      return code;
    },

    /** Revokes an available key (409 from any other status); stock and prices follow. */
    async revoke(
      ctx: AuditContext,
      id: string,
      reason: string | null,
      sellerId?: string,
    ): Promise<MaskedKey> {
      const current = await findKey(id, sellerId);
      const revoked = await keys.revoke(current._id, sellerId);
      if (!revoked) {
        throw new AppError('CONFLICT', {
          message: `Only an available key can be revoked; this one is ${current.status}`,
        });
      }
      await restock(revoked.offerId, revoked.productId);
      await auditLog.record(ctx, {
        action: 'key.revoke',
        target: { type: 'key', id: revoked._id.toHexString() },
        reason,
        details: { offerId: revoked.offerId.toHexString() },
      });
      const [key] = await toMaskedKeys([revoked]);
      return key!;
    },
  };
}
export type KeyService = ReturnType<typeof createKeyService>;
