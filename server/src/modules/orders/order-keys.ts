import type { ObjectId } from 'mongodb';
import type { KeyFacade, OrderKeyDoc } from '../keys/keys.facade.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { OrderItemDoc } from './order-doc.ts';
import type { OrderRepository } from './orders.repository.ts';

/**
 * An order's keys changing hands. Every step is one conditional single-document update on one
 * key (the key carries the order id from the moment it is reserved), followed by the matching
 * `$inc` of its offer's stock only when that update matched: a retry or a racing job moves
 * nothing twice. See README.md for what recovery does after a crash between the two.
 */
export function createOrderKeys(deps: {
  keys: KeyFacade;
  offers: OfferFacade;
  pricing: OfferPricing;
  orders: Pick<OrderRepository, 'findById' | 'holdDeclared' | 'releaseDeclared'>;
}) {
  const { keys, offers, pricing, orders } = deps;

  /**
   * Puts every key the order still holds back on sale, and the declared stock its on-demand
   * lines held back on their offers; answers how many units went back.
   */
  async function release(orderId: ObjectId): Promise<number> {
    const held = (await keys.ofOrder(orderId)).filter((k) => k.status === 'reserved');
    const products: ObjectId[] = [];
    for (const key of held) {
      if (!(await keys.releaseOne(key._id, orderId))) continue;
      await offers.incStock(key.offerId, 1);
      products.push(key.productId);
    }
    const order = await orders.findById(orderId);
    for (const item of order?.items ?? []) {
      if (!item.declaredUnits) continue;
      // Cleared first, then given back: a crash between leaves the offer short until its next
      // sync rewrites the declared stock, never counted twice.
      const units = await orders.releaseDeclared(orderId, item._id);
      if (!units) continue;
      await offers.incStock(item.offerId, units);
      products.push(item.productId);
    }
    // A product whose last key was reserved shows a price again.
    await pricing.refreshRanges(products);
    return products.length;
  }

  return {
    release,

    /**
     * Reserves `quantity` keys per line, one update per unit, until `until`, and answers the
     * keys taken. When a line runs short, releases everything it took and answers which line
     * (and how many it could get).
     */
    async reserve(
      orderId: ObjectId,
      items: OrderItemDoc[],
      until: Date,
    ): Promise<
      { short: null; keys: OrderKeyDoc[] } | { short: { index: number; available: number } }
    > {
      const taken: OrderKeyDoc[] = [];
      // Products with an offer whose stock this took to 0 (or below, when it drifted): their
      // price range loses that offer. Otherwise the range cannot have changed.
      const ranOut: ObjectId[] = [];
      for (const [index, item] of items.entries()) {
        let got = 0;
        for (; got < item.quantity; got++) {
          const key = await keys.reserveOne(item.offerId, orderId, until);
          if (!key) break;
          taken.push(key);
          const left = await offers.decStock(item.offerId);
          if (left !== null && left <= 0) ranOut.push(item.productId);
        }
        // An on-demand line takes the rest from the declared stock (the supplier's quantity, the
        // keys are bought after the payment), in one conditional decrement.
        const rest = item.quantity - got;
        if (rest && item.onDemand && (await offers.takeStock(item.offerId, rest))) {
          await orders.holdDeclared(orderId, item._id, rest);
          got += rest;
          ranOut.push(item.productId);
        }
        if (got < item.quantity) {
          // Nothing taken yet (the first line found no key, the usual sold-out case): nothing
          // to put back. The cancellation that follows releases again in any case.
          if (index > 0 || got > 0) await release(orderId);
          return { short: { index, available: got } };
        }
      }
      await pricing.refreshRanges(ranOut);
      // The keys the order holds now, as `keys.ofOrder` would read them back.
      return { short: null, keys: taken };
    },

    /** Sells every key the order holds; answers the order's keys afterwards. */
    async sell(orderId: ObjectId, at: Date): Promise<OrderKeyDoc[]> {
      for (const key of await keys.ofOrder(orderId)) {
        if (key.status === 'reserved') await keys.sellOne(key._id, orderId, at);
      }
      return keys.ofOrder(orderId);
    },
  };
}
export type OrderKeys = ReturnType<typeof createOrderKeys>;
