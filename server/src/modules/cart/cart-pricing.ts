import { ObjectId } from 'mongodb';
import {
  vatTable,
  type CategoryId,
  type Currency,
  type Locale,
  type Region,
  type VatTable,
} from '@market/shared';
import type { OfferDoc, OfferFacade } from '../offers/offers.facade.ts';
import type { ProductDoc, ProductFacade } from '../products/products.facade.ts';

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
  /**
   * The live offer that prices the line (what an order of it buys) and its product, as read:
   * an order placed at once takes them as they are. Null when out of stock.
   */
  live: LiveOffer | null;
};

/** A live offer and its product, as read to price a line. */
export type LiveOffer = { offer: OfferDoc; product: ProductDoc };

/**
 * The one pricing rule, for the cart, coupons and orders alike: a line's unit price is the live
 * offer's in the line's currency, its VAT class the offer's, its name and category the product's.
 */
const termsOf = (
  offer: Pick<OfferDoc, 'prices' | 'zeroVat'> | undefined,
  product: Pick<ProductDoc, 'name' | 'categoryId'>,
  currency: Currency,
  locale: Locale = 'en',
) => ({
  unitCents: offer?.prices[currency] ?? 0,
  isZeroVat: offer?.zeroVat ?? false,
  name: product.name[locale],
  categoryId: product.categoryId,
});

/**
 * Prices cart lines from the live offers (active, with keys): price, name and VAT class come
 * from the catalogue, never from the client. A line whose product does not exist is dropped; a
 * line whose offer is not live is kept at quantity 0, `outOfStock`.
 */
export function createCartPricing(deps: {
  offers: Pick<OfferFacade, 'liveOffersOfMany'>;
  products: Pick<ProductFacade, 'findByIds'>;
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
          ...termsOf(offer, product, currency, options.locale),
          currency,
          outOfStock: !offer,
          live: offer ? { offer, product } : null,
        },
      ];
    });
  };
}
export type CartPricing = ReturnType<typeof createCartPricing>;

/** An order line priced from its offer (`priceOffer`), with what placing the order checks. */
export type OfferLine = ReturnType<typeof termsOf> & {
  /** `region`: where its keys activate, which the order item keeps (docs/regions.md). */
  offer: Pick<OfferDoc, '_id' | 'sellerId' | 'stock' | 'source' | 'region'>;
  productId: ProductDoc['_id'];
  /** The product's region. */
  region: Region;
  /** The VAT rate of the line's class at the shop's rate. */
  vatRateBps: number;
};

/** An order line's terms from its offer and product, with the VAT rate of its class. */
export function offerLineOf(
  { offer, product }: LiveOffer,
  currency: Currency,
  vat: VatTable,
): OfferLine {
  return {
    ...termsOf(offer, product, currency),
    offer,
    productId: product._id,
    region: product.region,
    vatRateBps: offer.zeroVat ? vat.zero : vat.standard,
  };
}

/**
 * Prices an order's lines by offer id with the cart's rule (`termsOf`); `null` for an offer
 * that is not on sale (gone, paused or its seller suspended). Stock is the caller's to check.
 */
export function createOfferLinePricing(deps: {
  offers: Pick<OfferFacade, 'findById'>;
  products: Pick<ProductFacade, 'findById'>;
  vatRateBps: number;
}) {
  const vat = vatTable(deps.vatRateBps);
  /** `rates`: the buyer's country's (modules/vat); the shop's own when left out. */
  return async function priceOffer(
    offerId: string,
    currency: Currency,
    rates: VatTable = vat,
  ): Promise<OfferLine | null> {
    const offer = await deps.offers.findById(new ObjectId(offerId));
    const product = offer && (await deps.products.findById(offer.productId));
    if (!offer || !product || offer.status !== 'active' || offer.sellerSuspended) return null;
    return offerLineOf({ offer, product }, currency, rates);
  };
}
export type OfferLinePricing = ReturnType<typeof createOfferLinePricing>;
