import { ObjectId } from 'mongodb';
import { SUPPLIER_NAMES, type OfferRestockResult } from '@market/shared';
import {
  SupplierError,
  type Supplier,
  type SupplierCode,
  type SupplierPurchase,
} from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import { supplierKeyDocs } from '../keys/supplier-codes.ts';
import type { SupplierPurchaseFacade } from '../supplier-purchases/supplier-purchases.facade.ts';
import type { SupplierSwitch } from '../suppliers/suppliers.service.ts';
import { toObjectId } from './object-ids.ts';
import type { OfferPricing } from './offer-pricing.ts';
import type {
  OfferDoc,
  OfferRepository,
  OpenBatch,
  SupplierSourceDoc,
} from './offers.repository.ts';
import { isSupplierOffer, type OfferConnections, type SupplierOffers } from './supplier-offers.ts';

type StockedOffer = OfferDoc & { source: SupplierSourceDoc };

/** A restock that cannot go on: 409 with the reason on the form's quantity field. */
const refused = (message: string) =>
  new AppError('CONFLICT', { message, errors: { quantity: message } });

/** What a supplier's refusal of a purchase tells the seller. */
function refusalMessage(err: SupplierError): string {
  const name = SUPPLIER_NAMES[err.supplier];
  switch (err.code) {
    case 'OUT_OF_STOCK':
      return `${name} does not have that many keys now`;
    case 'PRICE_CHANGED':
      return `${name}’s price is above your cost ceiling now`;
    case 'INSUFFICIENT_BALANCE':
      return `Your balance at ${name} does not cover this purchase`;
    case 'NOT_FOUND':
      return `${name} no longer has this product`;
    case 'UNAUTHORIZED':
      return `${name} refused this connection’s credentials`;
    default:
      return `${name} refused the purchase: ${err.message}`;
  }
}

/**
 * Stocked supplier offers buy keys ahead into the vault, one batch at a time. A batch is a
 * purchase at the supplier with reference `stock:<offerId>:<n>`, recorded in the supplier
 * purchases book before the supplier is called; the offer keeps it open until every code of it
 * is stored, and a restock while one is open resumes it (asking the supplier for the reference
 * first) instead of buying again. Keys are encrypted and deduplicated like uploads (image codes
 * too: supplier-codes.ts), and carry the
 * supplier's purchase id and our reference so a bad batch can be traced.
 */
export function createSupplierRestock(deps: {
  offers: OfferRepository;
  keys: Pick<KeyFacade, 'insertNew' | 'holdersOf' | 'countAvailable'>;
  vault: KeyVault;
  purchases: SupplierPurchaseFacade;
  connections: OfferConnections;
  suppliers: SupplierSwitch;
  supplierOffers: SupplierOffers;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { offers, keys, vault, purchases, connections, suppliers, supplierOffers, pricing } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The open batch, or a new one of `quantity`; `resumed` when it was open before this call. */
  async function batchOf(
    offer: StockedOffer,
    quantity: number,
  ): Promise<{ batch: OpenBatch; resumed: boolean }> {
    if (offer.source.openBatch) return { batch: offer.source.openBatch, resumed: true };
    const opened = await offers.openBatch(offer._id, offer.source.batches, quantity, now());
    if (opened?.source?.kind === 'supplier' && opened.source.openBatch) {
      return { batch: opened.source.openBatch, resumed: false };
    }
    // Another restock opened one meanwhile: this call resumes it.
    const again = await offers.findById(offer._id);
    const open = again?.source?.kind === 'supplier' ? again.source.openBatch : null;
    if (!open) throw refused('The offer changed meanwhile: try again');
    return { batch: open, resumed: true };
  }

  /** The batch's purchase at the supplier: the one made before, or a new one. */
  async function purchaseOf(
    adapter: Supplier,
    offer: StockedOffer,
    batch: OpenBatch,
    clientRef: string,
    askFirst: boolean,
  ): Promise<SupplierPurchase> {
    try {
      const earlier = askFirst ? await adapter.findPurchase(clientRef) : null;
      const purchase =
        earlier ??
        (await adapter.purchase({
          sku: offer.source.sku,
          quantity: batch.quantity,
          maxUnitPrice: { cents: offer.source.costCeiling, currency: offer.source.cost.currency },
          clientRef,
        }));
      if (purchase.status === 'failed') {
        throw new SupplierError(offer.source.supplier, 'REJECTED', 'the purchase failed');
      }
      return purchase;
    } catch (err) {
      if (!(err instanceof SupplierError)) throw err;
      if (err.code === 'UNAVAILABLE') throw unavailable(err);
      // Nothing was bought: the batch's number is spent, the next restock opens another.
      await purchases.failed(clientRef, { code: err.code, message: err.message });
      await offers.abandonBatch(offer._id, batch.n);
      throw refused(refusalMessage(err));
    }
  }

  /** The supplier did not answer: the batch stays open, and the next restock resumes it. */
  const unavailable = (err: SupplierError) =>
    new AppError('SUPPLIER_UNAVAILABLE', {
      message: `${SUPPLIER_NAMES[err.supplier]} is not answering: restock again in a moment to finish this batch`,
    });

  /** Stores the codes that are there; answers how many went in and how many others hold. */
  async function store(
    ctx: AuditContext,
    offer: StockedOffer,
    purchase: SupplierPurchase,
    codes: SupplierCode[],
  ) {
    const ready = supplierKeyDocs(
      vault,
      codes,
      {
        offerId: offer._id,
        productId: offer.productId,
        sellerId: offer.sellerId,
        supplier: offer.source.supplier,
        supplierPurchaseId: purchase.purchaseId,
        supplierClientRef: purchase.clientRef,
      },
      now(),
    );
    const { inserted, skippedHashes } = await keys.insertNew(ready);
    const holders = skippedHashes.length ? await keys.holdersOf(skippedHashes) : [];
    // Codes this batch stored before (a resumed batch) are not news; any other holder is.
    const others = holders.filter((h) => h.supplierClientRef !== purchase.clientRef);
    const duplicates = skippedHashes.length - (holders.length - others.length);
    if (duplicates) {
      await deps.auditLog.record(ctx, {
        action: 'key.supplierDuplicate',
        target: { type: 'offer', id: offer._id.toHexString() },
        reason: 'A supplier sold codes the marketplace already holds',
        details: {
          supplier: offer.source.supplier,
          supplierPurchaseId: purchase.purchaseId,
          clientRef: purchase.clientRef,
          count: duplicates,
          holders: others.slice(0, 20).map((h) => ({
            sellerId: h.sellerId,
            offerId: h.offerId.toHexString(),
            keyId: h._id.toHexString(),
            hash: h.hash,
          })),
        },
      });
    }
    return { ready: ready.length, inserted, duplicates };
  }

  return {
    /**
     * Buys `quantity` keys for a stocked supplier offer of the seller (or finishes the batch
     * still open, whatever `quantity` says) and stores them. 409 for an offer that is not
     * stocked from a supplier, a supplier switched off, or the supplier's refusal; 503 when it
     * does not answer (restocking again finishes the same batch, never buys it twice).
     */
    async restock(
      ctx: AuditContext,
      sellerId: string,
      id: string,
      quantity: number,
    ): Promise<OfferRestockResult> {
      const oid = toObjectId(id);
      const offer = oid && (await offers.findOwn(oid, sellerId));
      if (!offer) throw new AppError('NOT_FOUND');
      if (!isSupplierOffer(offer) || offer.source.mode !== 'stocked') {
        throw refused('Only an offer stocked from a supplier is restocked');
      }
      const { supplier, connectionId } = offer.source;
      if (!(await suppliers.isEnabled(supplier))) {
        throw refused(`${SUPPLIER_NAMES[supplier]} is switched off for the marketplace`);
      }
      const adapter = await connections.supplierFor(connectionId).catch((err: unknown) => {
        if (err instanceof AppError)
          throw refused(
            err.code === 'NOT_FOUND' ? 'The offer’s supplier connection is gone' : err.message,
          );
        throw err;
      });

      const { batch, resumed } = await batchOf(offer, quantity);
      const clientRef = `stock:${offer._id.toHexString()}:${batch.n}`;
      const { doc: entry, created } = await purchases.record(
        {
          clientRef,
          kind: 'stock',
          supplier,
          connectionId: new ObjectId(connectionId),
          sellerId,
          offerId: offer._id,
          orderId: null,
          sku: offer.source.sku,
          quantity: batch.quantity,
          maxUnitPrice: { cents: offer.source.costCeiling, currency: offer.source.cost.currency },
        },
        now(),
      );
      if (entry.status === 'failed') {
        await offers.abandonBatch(offer._id, batch.n);
        throw refused(entry.error?.message ?? 'The supplier refused the purchase');
      }

      const purchase = await purchaseOf(adapter, offer, batch, clientRef, resumed || !created);
      await purchases.answered(clientRef, purchase.purchaseId, purchase.unitPrice);
      const codes = await adapter.codes(purchase).catch((err: unknown) => {
        throw err instanceof SupplierError && err.code === 'UNAVAILABLE' ? unavailable(err) : err;
      });
      const { ready, inserted, duplicates } = await store(ctx, offer, purchase, codes);
      const complete = purchase.status === 'completed' && ready === codes.length;
      if (complete) {
        await purchases.stored(clientRef, ready);
        await offers.closeBatch(offer._id, batch.n, purchase.unitPrice);
      }

      const stock = await keys.countAvailable(offer._id);
      await offers.setStock(offer._id, stock);
      // What the keys cost is now a floor of the offer's prices.
      const fresh = await offers.findById(offer._id);
      if (fresh && isSupplierOffer(fresh)) {
        const { prices } = await supplierOffers.reprice(fresh, { ...fresh, bump: false });
        await offers.update(fresh._id, { prices });
      }
      await pricing.refreshRanges([offer.productId]);
      return {
        clientRef,
        purchaseId: purchase.purchaseId,
        status: complete ? 'completed' : 'pending',
        stored: inserted,
        duplicates,
        stock,
      };
    },
  };
}
export type SupplierRestock = ReturnType<typeof createSupplierRestock>;
