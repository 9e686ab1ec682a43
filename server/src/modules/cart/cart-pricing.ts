import { ObjectId } from 'mongodb';
import type { CategoryId, Currency, Locale } from '@market/shared';
import type { OfferRepository } from '../offers/offers.repository.ts';
import type { ProductRepository } from '../products/products.repository.ts';

/** A line the client named, priced from what the catalogue says now. */
export type PricedLine = {
  productId: string;
  sellerId: string;
  /** What was asked, never more than the offer's keys; 0 when out of stock. */
  quantity: number;
  /** Cents of the line's currency; 0 when the offer is not live. */
  unitCents: number;
  currency: Currency;
  isZeroVat: boolean;
  name: string;
  categoryId: CategoryId;
  /** The offer is paused, hidden, gone or has no keys. */
  outOfStock: boolean;
};

/**
 * Prices cart lines from the live offers (active, with keys): price, name and VAT class come
 * from the catalogue, never from the client. A line whose product does not exist is dropped; a
 * line whose offer is not live is kept at quantity 0, `outOfStock`.
 */
export function createCartPricing(deps: {
  offers: Pick<OfferRepository, 'liveOffersOfMany'>;
  products: Pick<ProductRepository, 'findByIds'>;
}) {
  return async function price(
    lines: readonly { productId: string; sellerId: string; quantity: number; currency: Currency }[],
    options: { currency?: Currency; locale?: Locale } = {},
  ): Promise<PricedLine[]> {
    const ids = [...new Set(lines.map((l) => l.productId))]
      .filter((id) => ObjectId.isValid(id))
      .map((id) => new ObjectId(id));
    if (!ids.length) return [];
    const [products, live] = await Promise.all([
      deps.products.findByIds(ids),
      deps.offers.liveOffersOfMany(ids),
    ]);
    const productById = new Map(products.map((p) => [p._id.toHexString(), p]));
    const offerOf = new Map(live.map((o) => [`${o.productId.toHexString()}:${o.sellerId}`, o]));
    return lines.flatMap((line) => {
      const product = productById.get(line.productId.toLowerCase());
      if (!product) return [];
      const productId = product._id.toHexString();
      const offer = offerOf.get(`${productId}:${line.sellerId}`);
      const currency = options.currency ?? line.currency;
      return [
        {
          productId,
          sellerId: line.sellerId,
          quantity: offer ? Math.min(line.quantity, offer.stock) : 0,
          unitCents: offer?.prices[currency] ?? 0,
          currency,
          isZeroVat: offer?.zeroVat ?? false,
          name: product.name[options.locale ?? 'en'],
          categoryId: product.categoryId,
          outOfStock: !offer,
        },
      ];
    });
  };
}
export type CartPricing = ReturnType<typeof createCartPricing>;
