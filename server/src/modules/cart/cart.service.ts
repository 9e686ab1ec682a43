import {
  addQuantity,
  centsToPrice,
  lineKey,
  mergeLines,
  quantityTotal,
  summarize,
  type Cart,
  type CartProductInput,
  type CartSummary,
  type CountryCode,
  type Currency,
  type Locale,
  type VatTable,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { CouponService } from '../coupons/coupons.service.ts';
import type { CartPricing, LiveOffer, PricedLine } from './cart-pricing.ts';
import { regionConfirmation, type RegionAsk, type RegionCheck } from './cart-regions.ts';
import type { CartDoc, CartLineDoc, CartRepository } from './cart.repository.ts';

/** How often a write that lost a race with another write to the same cart is redone. */
const MAX_ATTEMPTS = 5;

type LineRequest = {
  productId: string;
  sellerId: string;
  quantity: number;
  currency: Currency;
} & RegionAsk;

const requestOf = (p: CartProductInput): LineRequest => ({
  productId: p.productId.toLowerCase(),
  sellerId: p.sellerId,
  quantity: p.quantity ?? 1,
  currency: p.currency ?? 'eur',
  ...(p.regionConfirmed && { regionConfirmed: p.regionConfirmed }),
});

/** The lines a request checks against the buyer's country, each with its index in the request. */
const checkedLines = (
  lines: readonly CartProductInput[],
  country: CountryCode | undefined,
  now: Date,
  skip: ReadonlySet<string> = new Set(),
): RegionCheck => {
  const checked = new Map<string, number>();
  lines.forEach((line, i) => {
    const key = lineKey(requestOf(line));
    if (!skip.has(key) && !checked.has(key)) checked.set(key, i);
  });
  return { country, checked, now };
};

/** A priced line as stored; an out-of-stock line keeps the last price it had. */
function toLine(
  priced: PricedLine,
  before: CartLineDoc | undefined,
  regionConfirmed = before?.regionConfirmed,
): CartLineDoc {
  return {
    productId: priced.productId,
    sellerId: priced.sellerId,
    quantity: priced.quantity,
    price: priced.outOfStock ? (before?.price ?? 0) : centsToPrice(priced.unitCents),
    currency: priced.currency,
    isZeroVat: priced.isZeroVat,
    name: priced.name,
    outOfStock: priced.outOfStock,
    ...(regionConfirmed && { regionConfirmed }),
  };
}

function toCart(
  userId: string,
  doc: Pick<CartDoc, 'products' | 'recentItem' | 'addedFromCartPage' | 'updatedAt'> | null,
): Cart {
  const products = doc?.products ?? [];
  return {
    id: userId,
    products,
    quantityTotal: quantityTotal(products),
    lastUpdate: (doc?.updatedAt ?? new Date(0)).toISOString(),
    recentItem: doc?.recentItem ?? null,
    addedFromCartPage: doc?.addedFromCartPage ?? false,
  };
}

const sameLines = (a: readonly CartLineDoc[], b: readonly CartLineDoc[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A signed-in buyer's cart, one document per user. The server prices every line from the live
 * offer; a line whose offer sells nothing now stays at quantity 0 (`outOfStock`), saved, so the
 * storefront can say why. Writes are compare-and-set on the cart's version, redone on a race.
 */
export function createCartService(deps: {
  carts: CartRepository;
  /**
   * Where `get` reads the cart first: the repository's `find`, or a copy in memory dropped by
   * every write to the cart (container.ts). Writes always read the database.
   */
  view?: CartRepository['find'];
  price: CartPricing;
  coupons: Pick<CouponService, 'evaluate'>;
  vat: VatTable;
  /**
   * The rates of a billing country (modules/vat): a summary with one shows its VAT; without,
   * `vat` (the shop's own).
   */
  vatOf?: (billingCountry: string) => Promise<VatTable>;
  clock?: () => Date;
}) {
  const { carts, price, coupons, vat, clock = () => new Date() } = deps;

  /**
   * The stored lines priced again, each keeping what it had when its offer is gone; the lines
   * `check` names must activate in the buyer's country or carry a confirmation for it.
   */
  async function reprice(
    lines: readonly LineRequest[],
    before: readonly CartLineDoc[],
    check?: RegionCheck,
  ) {
    const old = new Map(before.map((l) => [lineKey(l), l]));
    const asked = new Map(lines.map((l) => [lineKey(l), l.regionConfirmed]));
    return (await price(lines)).map((p) => {
      const stored = old.get(lineKey(p));
      const key = lineKey(p);
      return toLine(
        p,
        stored,
        regionConfirmation(p, asked.get(key), stored?.regionConfirmed, check),
      );
    });
  }

  /** `get`, with what the checkout needs too; one read of the cart, one write when it changed. */
  async function load(
    userId: string,
    firstRead: CartRepository['find'] = carts.find,
  ): Promise<{
    cart: Cart;
    before: readonly CartLineDoc[];
    offers: ReadonlyMap<string, LiveOffer>;
  }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // After a lost race the database is read: a copy in memory may not know the winner yet.
      const doc = await (attempt === 0 ? firstRead : carts.find)(userId);
      if (!doc) return { cart: toCart(userId, null), before: [], offers: new Map() };
      const priced = await price(doc.products);
      const offers = new Map(
        priced.flatMap((p) => (p.live ? [[lineKey(p), p.live] as const] : [])),
      );
      const old = new Map(doc.products.map((l) => [lineKey(l), l]));
      const products = priced.map((p) => toLine(p, old.get(lineKey(p))));
      const found = { before: doc.products, offers };
      if (sameLines(products, doc.products)) return { cart: toCart(userId, doc), ...found };
      const now = clock();
      const change = {
        products,
        recentItem: doc.recentItem,
        addedFromCartPage: doc.addedFromCartPage,
      };
      if (await carts.save(userId, doc.version, change, now)) {
        return { cart: toCart(userId, { ...change, updatedAt: now }), ...found };
      }
    }
    throw new AppError('CONFLICT', { message: 'The cart changed meanwhile: try again' });
  }

  return {
    /** The caller's cart, re-priced; lines that ran out are saved at quantity 0. */
    get: async (userId: string): Promise<Cart> => (await load(userId, deps.view)).cart,

    /**
     * The cart as the checkout buys it: re-priced and saved as `get` does, with the lines as
     * they were saved before (to tell what ran out meanwhile) and each line's live offer and
     * product as just read.
     */
    forCheckout: (userId: string) => load(userId),

    /**
     * Adds the lines (a line already in the cart gets the units; quantity 0 counts as 1). The
     * same `transactionId` again changes nothing. 404 when no line names a known product.
     */
    async add(
      userId: string,
      input: {
        transactionId: string;
        products: CartProductInput[];
        addedFromCartPage: boolean;
        /** The buyer's country: the added lines must activate there or be confirmed. */
        country?: CountryCode | undefined;
      },
    ): Promise<Cart> {
      const added = input.products.map((p) => ({
        ...requestOf(p),
        quantity: addQuantity(p.quantity),
      }));
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await carts.find(userId);
        if (doc?.transactionIds.includes(input.transactionId)) return toCart(userId, doc);
        const before = doc?.products ?? [];
        const products = await reprice(
          mergeLines<LineRequest>(before, added),
          before,
          checkedLines(input.products, input.country, clock()),
        );
        const addedKeys = new Set(added.map(lineKey));
        const recentItem = products.findLast((l) => addedKeys.has(lineKey(l)));
        if (!recentItem) throw new AppError('NOT_FOUND', { message: 'No such product' });
        const now = clock();
        const change = { products, recentItem, addedFromCartPage: input.addedFromCartPage };
        const saved = await carts.save(
          userId,
          doc?.version ?? null,
          { ...change, transactionId: input.transactionId },
          now,
        );
        if (saved) return toCart(userId, { ...change, updatedAt: now });
      }
      throw new AppError('CONFLICT', { message: 'The cart changed meanwhile: try again' });
    },

    /** Empties the cart: its lines were bought. */
    async empty(userId: string): Promise<void> {
      await carts.empty(userId, clock());
    },

    /**
     * Replaces the cart's lines (repeated lines add up); unknown products are dropped. A line new
     * to the cart must activate in `country` or be confirmed, as in `add`.
     */
    async replace(userId: string, lines: CartProductInput[], country?: CountryCode): Promise<Cart> {
      const wanted = mergeLines<LineRequest>([], lines.map(requestOf));
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await carts.find(userId);
        const kept = new Set((doc?.products ?? []).map(lineKey));
        const check = checkedLines(lines, country, clock(), kept);
        const products = await reprice(wanted, doc?.products ?? [], check);
        const now = clock();
        const change = {
          products,
          recentItem: doc?.recentItem ?? null,
          addedFromCartPage: doc?.addedFromCartPage ?? false,
        };
        if (await carts.save(userId, doc?.version ?? null, change, now)) {
          return toCart(userId, { ...change, updatedAt: now });
        }
      }
      throw new AppError('CONFLICT', { message: 'The cart changed meanwhile: try again' });
    },

    /** What the lines cost now in `currency`, with the coupon's discount and the VAT included. */
    async summary(
      userId: string,
      input: {
        products: CartProductInput[];
        currency: Currency;
        couponCode?: string | undefined;
        locale: Locale;
        billingCountry?: string | undefined;
      },
    ): Promise<CartSummary> {
      const { currency, locale } = input;
      const lines = await price(mergeLines<LineRequest>([], input.products.map(requestOf)), {
        currency,
        locale,
      });
      const coupon = input.couponCode
        ? await coupons.evaluate(input.couponCode, userId, lines, currency)
        : null;
      const totals = summarize(
        lines.map((l, i) => ({ ...l, discountCents: coupon?.perLine[i] ?? 0 })),
        input.billingCountry && deps.vatOf ? await deps.vatOf(input.billingCountry) : vat,
      );
      return {
        currency,
        lines: lines.map((l, i) => ({
          productId: l.productId,
          sellerId: l.sellerId,
          name: l.name,
          quantity: l.quantity,
          unitCents: l.unitCents,
          lineCents: totals.lines[i]!.lineCents,
          discountCents: coupon?.perLine[i] ?? 0,
          isZeroVat: l.isZeroVat,
          vatRateBps: totals.lines[i]!.vatRateBps,
          vatIncludedCents: totals.lines[i]!.vatIncludedCents,
          outOfStock: l.outOfStock,
        })),
        quantityTotal: totals.quantityTotal,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        vatIncludedCents: totals.vatIncludedCents,
        totalCents: totals.totalCents,
        coupon: coupon && {
          code: coupon.code,
          valid: coupon.valid,
          ...(!coupon.valid && { reason: coupon.reason }),
        },
      };
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
