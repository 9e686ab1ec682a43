import { ObjectId } from 'mongodb';
import { SUPPLIER_NAMES, type SupplierId, type SyncPauseReason } from '@market/shared';
import {
  SupplierError,
  type Supplier,
  type SupplierErrorCode,
} from '../../integrations/suppliers/supplier.ts';
import { AppError } from '../../lib/errors.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { Logger } from '../../logger.ts';
import type { HeldLease, Leases } from '../../jobs/lease.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import { supplierKeyDocs } from '../keys/supplier-codes.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import { isSupplierOffer, type OfferConnections } from '../offers/supplier-offers.ts';
import type { OrderDoc, OrderItemDoc } from '../orders/order-doc.ts';
import type { SuppliedUnits } from '../orders/order-delivery.ts';
import type { Mails } from '../mails/mails.ts';
import { lineNotDeliveredMail, sellerOfferPausedMail } from '../mails/templates.ts';
import type {
  SupplierPurchaseDoc,
  SupplierPurchaseFacade,
} from '../supplier-purchases/supplier-purchases.facade.ts';

/** Why a unit could not be bought, as the purchases book records it. */
type Refusal = { code: SupplierErrorCode; message: string };
type UnitOutcome = 'held' | 'waiting' | { refused: Refusal };

/** `<orderId>:<line>:<unit>`: one unit of one line, bought at most once, ever. */
export const unitRef = (orderId: ObjectId, line: number, unit: number) =>
  `${orderId.toHexString()}:${line}:${unit}`;

/** How a refusal pauses the offer until a sync finds it sellable again. */
const PAUSE: Partial<Record<SupplierErrorCode, SyncPauseReason>> = {
  OUT_OF_STOCK: 'outOfStock',
  PRICE_CHANGED: 'overCeiling',
  NOT_FOUND: 'skuGone',
  UNAUTHORIZED: 'noConnection',
  INSUFFICIENT_BALANCE: 'noConnection',
  UNAVAILABLE: 'supplierDown',
  REJECTED: 'noConnection',
};

/** What the seller reads about a refused unit. */
function sellerReason(supplier: SupplierId, refusal: Refusal): string {
  const name = SUPPLIER_NAMES[supplier];
  switch (refusal.code) {
    case 'OUT_OF_STOCK':
      return `${name} had no key left`;
    case 'PRICE_CHANGED':
      return `${name}’s price rose above your cost ceiling`;
    case 'INSUFFICIENT_BALANCE':
      return `your balance at ${name} did not cover the purchase`;
    case 'UNAUTHORIZED':
      return `${name} refused your connection’s credentials`;
    case 'NOT_FOUND':
      return `${name} no longer has this product (or the connection is gone)`;
    case 'UNAVAILABLE':
      return `${name} did not answer in time`;
    default:
      return `${name} refused the purchase: ${refusal.message}`;
  }
}

/**
 * On-demand fulfilment: after an order's payment is captured and approved, each unit of an
 * on-demand line its offer's keys did not cover is bought from the seller's supplier, one
 * purchase per unit with reference `<orderId>:<line>:<unit>`, recorded in the purchases book
 * before the supplier is called. Its code goes into the vault reserved for the order, so the
 * order's delivery sells it like an uploaded key. A refusal refunds the line (the buyer and the
 * seller are told) and pauses the offer until a sync finds it sellable. Everything here can run
 * again: a recorded purchase is asked of the supplier (`findPurchase`) before it is ever bought,
 * and a stored code is refused a second time by its hash.
 */
export function createSupplierFulfilment(deps: {
  offers: Pick<OfferFacade, 'findById' | 'incStock' | 'pauseBySync'>;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
  keys: Pick<KeyFacade, 'insertNew' | 'holdersOf' | 'ofOrder' | 'releaseOne'>;
  vault: KeyVault;
  purchases: SupplierPurchaseFacade;
  connections: Pick<OfferConnections, 'supplierFor'>;
  mails: Mails;
  /** Refunds one line of an approved order through the refunds service (throws like it). */
  refundLine: (order: OrderDoc, item: OrderItemDoc, reason: string) => Promise<void>;
  /** How long a unit waits for a supplier that does not answer before its line is refunded. */
  patienceMs: number;
  publicOrigin: string;
  log: Logger;
  /** Claims each unit before the supplier is called (`supplier-purchase:<clientRef>`). */
  leases: Pick<Leases, 'acquire'>;
  /** The unit lease's TTL: how long a dead buyer's unit waits before another instance takes it. */
  leaseMs?: number;
  clock?: () => Date;
}) {
  const { offers, keys, vault, purchases, connections, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The on-demand lines still owing units: not refunded, some unit bought from the supplier. */
  const owingLines = (order: OrderDoc) =>
    order.items.flatMap((item, line) =>
      item.declaredUnits && !item.refundId ? [{ item, line }] : [],
    );

  /** A refusal written in the book (the unit is never bought after this). */
  async function refuse(clientRef: string, refusal: Refusal): Promise<UnitOutcome> {
    await purchases.failed(clientRef, refusal);
    return { refused: refusal };
  }

  /** A supplier that does not answer: the unit waits, up to the patience since it was recorded. */
  async function silent(entry: SupplierPurchaseDoc, message: string): Promise<UnitOutcome> {
    if (now().getTime() - entry.createdAt.getTime() < deps.patienceMs) {
      log.warn({ clientRef: entry.clientRef, message }, 'supplier not reached: the unit waits');
      return 'waiting';
    }
    return refuse(entry.clientRef, { code: 'UNAVAILABLE', message });
  }

  /** Buys (or resumes) one unit; its code is left reserved for the order. */
  async function buyUnit(
    order: OrderDoc,
    item: OrderItemDoc,
    clientRef: string,
  ): Promise<UnitOutcome> {
    let entry = await purchases.findByClientRef(clientRef);
    let created = false;
    if (!entry) {
      const offer = await offers.findById(item.offerId);
      if (!offer || !isSupplierOffer(offer) || offer.source.mode !== 'onDemand') {
        // The seller made the offer something else before anything was bought for the order.
        return { refused: { code: 'NOT_FOUND', message: 'the offer is no longer on demand' } };
      }
      const { source } = offer;
      ({ doc: entry, created } = await purchases.record(
        {
          clientRef,
          kind: 'onDemand',
          supplier: source.supplier,
          connectionId: new ObjectId(source.connectionId),
          sellerId: item.sellerId,
          offerId: item.offerId,
          orderId: order._id,
          sku: source.sku,
          quantity: 1,
          maxUnitPrice: { cents: source.costCeiling, currency: source.cost.currency },
        },
        now(),
      ));
    }
    if (entry.status === 'stored') return 'held';
    if (entry.status === 'failed') return refusedOf(entry);
    // Claimed before the supplier is called: among every instance and every pass in this one,
    // only the lease's holder goes on; the others leave the unit to it ('waiting'). A holder
    // that dies leaves the lease to expire and the next pass takes the unit over.
    const lease = await deps.leases.acquire(`supplier-purchase:${clientRef}`, {
      ttlMs: deps.leaseMs ?? 60_000,
    });
    if (!lease) return 'waiting';
    try {
      // Read again under the lease: the previous holder may have settled it meanwhile.
      const fresh = await purchases.findByClientRef(clientRef);
      if (!fresh || fresh.status === 'stored') return 'held';
      if (fresh.status === 'failed') return refusedOf(fresh);
      const before = await purchases.attempt(clientRef);
      if (before === null) return 'waiting';
      // The supplier is asked first unless nobody ever went to it for this unit.
      return await buyClaimed(order, item, fresh, lease, before > 0 || !created);
    } finally {
      await lease.release().catch((err: unknown) => {
        log.warn({ err, clientRef }, 'purchase lease not released (it expires)');
      });
    }
  }

  const refusedOf = (entry: SupplierPurchaseDoc): UnitOutcome => ({
    refused: (entry.error as Refusal | null) ?? { code: 'REJECTED', message: '' },
  });

  /** One unit under its lease: asked of the supplier if it may have been bought, else bought. */
  async function buyClaimed(
    order: OrderDoc,
    item: OrderItemDoc,
    entry: SupplierPurchaseDoc,
    lease: HeldLease,
    ask: boolean,
  ): Promise<UnitOutcome> {
    const { clientRef } = entry;
    let adapter: Supplier;
    try {
      adapter = await connections.supplierFor(entry.connectionId.toHexString());
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // A connection removed will not come back; a supplier switched off or out of reach may.
      if (err.code === 'NOT_FOUND') {
        return refuse(clientRef, { code: 'NOT_FOUND', message: 'the connection is gone' });
      }
      return silent(entry, err.message);
    }
    try {
      // A unit recorded before (a crash, a silence) may have been bought: ask before buying.
      let purchase = ask ? await adapter.findPurchase(clientRef) : null;
      if (!purchase) {
        // A lease lost mid-way (a renewal failed): the unit is the next holder's, who asks.
        if (!lease.held) return 'waiting';
        failpoint('supplier.beforePurchase');
        purchase = await adapter.purchase({
          sku: entry.sku,
          quantity: 1,
          maxUnitPrice: entry.maxUnitPrice,
          clientRef,
        });
        failpoint('supplier.afterPurchase');
      }
      if (purchase.status === 'failed') {
        return await refuse(clientRef, { code: 'REJECTED', message: 'the purchase failed' });
      }
      if (entry.status === 'requested' || !entry.supplierPurchaseId) {
        await purchases.answered(clientRef, purchase.purchaseId, purchase.unitPrice);
      }
      const codes = await adapter.codes(purchase);
      failpoint('supplier.afterCodes');
      const at = now();
      // Reserved for the order at once: its delivery sells them like uploaded keys.
      const docs = supplierKeyDocs(
        vault,
        codes,
        {
          offerId: item.offerId,
          productId: item.productId,
          sellerId: item.sellerId,
          supplier: entry.supplier,
          supplierPurchaseId: purchase.purchaseId,
          supplierClientRef: clientRef,
        },
        at,
      ).map((doc) => ({
        ...doc,
        status: 'reserved' as const,
        orderId: order._id,
        reservedUntil: at,
      }));
      // A pre-order: its code comes later (the job asks again).
      if (!docs.length) return 'waiting';
      const { skippedHashes } = await keys.insertNew(docs);
      if (skippedHashes.length) {
        // Stored by an earlier run of this unit (a crash before `stored`), or sold before by
        // someone else: the supplier sold a code the marketplace holds, the buyer gets nothing.
        const holders = await keys.holdersOf(skippedHashes);
        if (holders.some((h) => h.supplierClientRef !== clientRef)) {
          return await refuse(clientRef, {
            code: 'REJECTED',
            message: 'the supplier sold a code the marketplace already holds',
          });
        }
      }
      await purchases.stored(clientRef, docs.length);
      return 'held';
    } catch (err) {
      if (!(err instanceof SupplierError)) throw err;
      if (err.code === 'UNAVAILABLE') return silent(entry, err.message);
      return refuse(clientRef, { code: err.code, message: err.message });
    }
  }

  /**
   * A refused line: its held keys back on sale, the offer paused, the line refunded, buyer and
   * seller told. False when the refund could not even be claimed (tried again next run).
   */
  async function failLine(order: OrderDoc, item: OrderItemDoc, refusal: Refusal) {
    const products: ObjectId[] = [];
    for (const key of await keys.ofOrder(order._id)) {
      if (!key.offerId.equals(item.offerId) || key.status !== 'reserved') continue;
      // Keys of the line (its offer's, or units bought before the refusal) stay with the offer:
      // a refunded unit is sold first next time.
      if (await keys.releaseOne(key._id, order._id)) {
        await offers.incStock(item.offerId, 1);
        products.push(key.productId);
      }
    }
    const offer = await offers.findById(item.offerId);
    const supplier = offer && isSupplierOffer(offer) ? offer.source.supplier : null;
    const pause = PAUSE[refusal.code] ?? 'noConnection';
    if (offer && (await offers.pauseBySync(offer._id, pause))) products.push(offer.productId);
    // The paused offer (and a product whose keys came back) show the right prices.
    await deps.pricing.refreshRanges(products);
    const why = supplier ? sellerReason(supplier, refusal) : refusal.message;
    try {
      await deps.refundLine(order, item, `Not delivered: ${why}`);
    } catch (err) {
      log.warn({ err, orderId: order._id.toHexString() }, 'on-demand line refund not finished');
      if (!(err instanceof AppError)) return false;
      // The provider refused it: a person takes it from the refunds list.
      if (err.code !== 'PAYMENT_UNAVAILABLE') return true;
      // Pending with its claim on the line: the payments job finishes it; the buyer is told now.
    }
    const link = `${deps.publicOrigin}/account?order=${order._id.toHexString()}`;
    const event = `${order._id.toHexString()}:${item._id.toHexString()}`;
    await deps.mails.send(
      { email: order.email, uid: order.userId },
      lineNotDeliveredMail,
      { number: order.number, item: item.name, link },
      `line-not-delivered:${event}`,
    );
    await deps.mails.toSeller(
      item.sellerId,
      sellerOfferPausedMail,
      {
        number: order.number,
        item: item.name,
        whyKey: `supplierRefusal.${refusal.code}`,
        supplier: supplier ? SUPPLIER_NAMES[supplier] : '—',
        detail: refusal.message,
      },
      `offer-paused:${event}`,
    );
    return true;
  }

  const units: SuppliedUnits & {
    /** Approved orders whose on-demand purchases were left unsettled before `before`. */
    unsettledOrders(before: Date, limit: number): Promise<ObjectId[]>;
    /**
     * A defective key's replacement (claims, `clientRef` `claim:<id>`): one unit bought like an
     * on-demand unit, its key left reserved for the order; `refused` when the offer is not on
     * demand or the supplier refused (nothing is paused: the seller may still refund).
     */
    buyReplacement(
      order: OrderDoc,
      item: OrderItemDoc,
      clientRef: string,
    ): Promise<'held' | 'waiting' | 'refused'>;
  } = {
    async owed(order) {
      const lines = owingLines(order);
      if (!lines.length) return false;
      const stored = new Set(
        (await purchases.byOrder(order._id))
          .filter((p) => p.status === 'stored')
          .map((p) => p.clientRef),
      );
      return lines.some(({ item, line }) =>
        Array.from({ length: item.declaredUnits! }, (_, u) => unitRef(order._id, line, u)).some(
          (ref) => !stored.has(ref),
        ),
      );
    },

    async settle(order) {
      let settled = true;
      for (const { item, line } of owingLines(order)) {
        for (let u = 0; u < item.declaredUnits!; u++) {
          const outcome = await buyUnit(order, item, unitRef(order._id, line, u));
          if (outcome === 'held') continue;
          if (outcome === 'waiting') settled = false;
          else if (!(await failLine(order, item, outcome.refused))) settled = false;
          break;
        }
      }
      return settled;
    },

    async buyReplacement(order, item, clientRef) {
      const outcome = await buyUnit(order, item, clientRef);
      return typeof outcome === 'string' ? outcome : 'refused';
    },

    async unsettledOrders(before, limit) {
      const open = await purchases.unsettled(before, limit);
      const ids = new Map<string, ObjectId>();
      for (const p of open) {
        if (p.kind === 'onDemand' && p.orderId) ids.set(p.orderId.toHexString(), p.orderId);
      }
      return [...ids.values()];
    },
  };
  return units;
}
export type SupplierFulfilment = ReturnType<typeof createSupplierFulfilment>;
