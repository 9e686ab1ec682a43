import { ObjectId } from 'mongodb';
import {
  OrderPlaceSchema,
  ORDER_REASONS,
  SHOP_COUNTRY,
  summarize,
  taxAtPlacement,
  vatTable,
  type VatTable,
  type Attribution,
  type CouponFunder,
  type Order,
  type OrderPlace,
  type PaymentProvider,
} from '@market/shared';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import { offerLineOf, type LiveOffer, type OfferLinePricing } from '../cart/cart-pricing.ts';
import type { OrderDoc, OrderItemDoc } from './order-doc.ts';
import type { OrderDecisions } from './order-decisions.ts';
import type { OrderKeys } from './order-keys.ts';
import type { OrderCoupons, OrderSettings, OrderVat } from './order-settings.ts';
import { toOrder } from './order-view.ts';
import type { OrderRepository } from './orders.repository.ts';

/** How many buyers' worth of unpaid orders one client address may hold. */
const HOLDS_PER_ADDRESS = 4;

/**
 * Placing an order: lines priced by the cart's one pricing rule, the buyer's unpaid holdings
 * capped, the coupon quoted and counted, the order written first (pending), then one key
 * reserved per unit (README.md, "Order of writes").
 */
export function createOrderPlacement(deps: {
  orders: OrderRepository;
  priceOffer: OfferLinePricing;
  orderKeys: OrderKeys;
  decide: OrderDecisions['decide'];
  settings: OrderSettings;
  coupons: OrderCoupons | undefined;
  /** The VAT of the buyer's billing country (modules/vat); absent: the shop's own rate. */
  vat?: OrderVat | undefined;
  now: () => Date;
}) {
  const { orders, orderKeys, settings, now } = deps;
  const shopVat = {
    billing: SHOP_COUNTRY,
    country: SHOP_COUNTRY,
    table: vatTable(settings.vatRateBps),
  };

  /** Refuses an order that would take the buyer's (or the address's) unpaid holdings past the cap. */
  async function assertHoldsAllowed(units: number, userId: string, ip: string | null) {
    const held = await orders.unpaidHoldings(userId, ip);
    const over = (h: { orders: number; units: number } | null, times: number) =>
      h !== null &&
      (h.orders + 1 > settings.holds.orders * times ||
        h.units + units > settings.holds.units * times);
    if (over(held.user, 1) || over(held.address, HOLDS_PER_ADDRESS)) {
      throw new AppError('TOO_MANY_REQUESTS', {
        message: 'Unpaid orders already hold keys: pay or cancel them before starting another',
      });
    }
  }

  /**
   * Builds the order's lines from live offers: prices from the offer, never from the client.
   * The offers the caller read just now (`live`) are used as read; any other is read.
   */
  async function priceLines(
    input: ReturnType<typeof OrderPlaceSchema.parse>,
    live: readonly LiveOffer[],
    vat: VatTable,
  ) {
    const known = new Map(live.map((l) => [l.offer._id.toHexString(), l]));
    const merged = new Map<
      string,
      { index: number; quantity: number; regionConfirmed?: { country: string; at: string } }
    >();
    input.lines.forEach((line, index) => {
      const current = merged.get(line.offerId.toLowerCase());
      const regionConfirmed = current?.regionConfirmed ?? line.regionConfirmed;
      merged.set(line.offerId.toLowerCase(), {
        index: current?.index ?? index,
        quantity: (current?.quantity ?? 0) + line.quantity,
        ...(regionConfirmed && { regionConfirmed }),
      });
    });
    const items: Array<OrderItemDoc & { index: number }> = [];
    for (const [offerId, { index, quantity, regionConfirmed }] of merged) {
      const read = known.get(offerId);
      const line = read
        ? offerLineOf(read, input.currency, vat)
        : await deps.priceOffer(offerId, input.currency, vat);
      if (!line) {
        throw new AppError('CONFLICT', {
          message: 'An item is no longer on sale',
          errors: { [`lines.${index}.offerId`]: 'No longer on sale' },
        });
      }
      const { offer } = line;
      if (offer.stock < quantity) {
        throw new AppError('CONFLICT', {
          message: `Not enough keys left for ${line.name}`,
          errors: {
            [`lines.${index}.quantity`]: offer.stock ? `Only ${offer.stock} left` : 'Out of stock',
          },
        });
      }
      items.push({
        index,
        _id: new ObjectId(),
        offerId: offer._id,
        productId: line.productId,
        sellerId: offer.sellerId,
        name: line.name,
        categoryId: line.categoryId,
        region: line.region,
        activationRegion: offer.region ?? line.region,
        quantity,
        unitPriceCents: line.unitCents,
        zeroVat: line.isZeroVat,
        vatRateBps: line.vatRateBps,
        keyIds: [],
        deliveredCount: 0,
        discountCents: 0,
        ...(regionConfirmed && {
          regionConfirmed: { country: regionConfirmed.country, at: new Date(regionConfirmed.at) },
        }),
        ...(offer.source?.kind === 'supplier' &&
          offer.source.mode === 'onDemand' && { onDemand: true as const }),
      });
    }
    return items;
  }

  return {
    /**
     * Places an order for `user`: prices from the offers, the order written first (pending),
     * then one key reserved per unit. When a line runs short its keys go back and the answer is
     * 409 naming the line (`lines.<i>.quantity`); the order is cancelled by the System.
     */
    async placeOrder(args: {
      user: { uid: string; email: string | null };
      order: OrderPlace;
      attribution: Attribution;
      ip: string | null;
      /** The client address's country, when the trusted proxy in front reports it. */
      clientCountry?: string | null;
      /** Live offers of the lines as the caller just read them (the cart's pricing). */
      live?: readonly LiveOffer[];
      /**
       * The total the buyer was shown: an order that would cost anything else is not written
       * (409 on `expectedTotalCents`), so nobody is charged a figure they did not see.
       */
      expectedTotalCents?: number | undefined;
    }): Promise<Order> {
      const parsed = OrderPlaceSchema.safeParse(args.order);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', { errors: fieldErrors(parsed.error) });
      }
      const input = parsed.data;
      // The rate of the buyer's billing country on the order's day (docs/vat.md).
      const vat = deps.vat ? await deps.vat.choose(input.billingCountry, now()) : shopVat;
      const items = await priceLines(input, args.live ?? [], vat.table);
      await assertHoldsAllowed(
        items.reduce((n, i) => n + i.quantity, 0),
        args.user.uid,
        args.ip || null,
      );
      if (
        items.some((i) => i.categoryId === 'accounts') &&
        !input.confirmations.purchaseAccountProduct
      ) {
        throw new AppError('VALIDATION_FAILED', {
          errors: {
            'confirmations.purchaseAccountProduct': 'Confirm the purchase of a game account',
          },
        });
      }
      let discounts = items.map(() => 0);
      let couponCode: string | null = null;
      let couponFundedBy: CouponFunder | null = null;
      if (input.couponCode) {
        if (!deps.coupons) {
          throw new AppError('VALIDATION_FAILED', {
            errors: { couponCode: 'Coupons are not available' },
          });
        }
        const quote = await deps.coupons.quote({
          code: input.couponCode,
          userId: args.user.uid,
          currency: input.currency,
          lines: items.map((i) => ({ ...i, unitCents: i.unitPriceCents })),
        });
        discounts = quote.perLine;
        couponCode = quote.code;
        couponFundedBy = quote.fundedBy;
      }
      const totals = summarize(
        items.map((i, n) => ({
          unitCents: i.unitPriceCents,
          quantity: i.quantity,
          isZeroVat: i.zeroVat,
          discountCents: discounts[n] ?? 0,
        })),
        vat.table,
      );
      // Checked before anything is written: a refused order takes no number, key or coupon use.
      if (args.expectedTotalCents !== undefined && totals.totalCents !== args.expectedTotalCents) {
        throw new AppError('CONFLICT', {
          message: 'The total changed: check it and pay again',
          errors: { expectedTotalCents: `The total is now ${totals.totalCents}` },
        });
      }

      const at = now();
      const order: OrderDoc = {
        _id: new ObjectId(),
        number: await orders.nextNumber(),
        userId: args.user.uid,
        email: args.user.email ?? '',
        items: items.map(({ index: _, ...item }, n) => ({
          ...item,
          discountCents: discounts[n] ?? 0,
        })),
        currency: input.currency,
        totals: {
          subtotal: totals.subtotalCents,
          discount: totals.discountCents,
          vat: totals.vatIncludedCents,
          total: totals.totalCents,
        },
        couponCode,
        // The payment's country joins the evidence when the payment settles (order-decisions.ts).
        tax: taxAtPlacement(vat, args.clientCountry ?? null),
        // The ledger credits the seller less the discount only when the seller funds it.
        ...(couponFundedBy === 'seller' ? { couponFundedBy } : {}),
        status: 'pending',
        decisions: [],
        attribution: args.attribution,
        ip: args.ip,
        reservationExpiresAt: new Date(at.getTime() + settings.reservationMinutes * 60_000),
        accountPurchaseConfirmedAt: input.confirmations.purchaseAccountProduct ? at : null,
        deliveredAt: null,
        refundedCents: 0,
        createdAt: at,
        updatedAt: at,
      };
      // Written before any key is touched: every reserved key names an order that exists.
      await orders.insert(order);
      const reserved = await orderKeys.reserve(order._id, order.items, order.reservationExpiresAt!);
      const { short } = reserved;
      if (short) {
        await deps.decide(order, 'cancelled', {
          actor: 'System',
          reason: ORDER_REASONS.autoCancelled,
        });
        const line = items[short.index]!;
        throw new AppError('CONFLICT', {
          message: `Not enough keys left for ${line.name}`,
          errors: {
            [`lines.${line.index}.quantity`]: short.available
              ? `Only ${short.available} left`
              : 'Out of stock',
          },
        });
      }
      if (couponCode)
        await deps.coupons!.redeem(couponCode, args.user.uid, order._id.toHexString());
      return toOrder(order, reserved.keys);
    },

    /** The checkout started a payment for the order it placed: remembers the provider's reference. */
    async attachPayment(
      order: Pick<Order, 'id' | 'totals' | 'currency'>,
      provider: PaymentProvider,
      providerRef: string,
    ) {
      const updated = await orders.setPayment(new ObjectId(order.id), {
        provider,
        providerRef,
        captureId: null,
        status: 'created',
        amountCents: order.totals.total,
        currency: order.currency,
        instrument: null,
        country: null,
      });
      if (!updated) throw new AppError('CONFLICT', { message: 'The order is paid another way' });
    },
  };
}
