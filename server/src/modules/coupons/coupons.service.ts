import type { ObjectId } from 'mongodb';
import {
  couponDiscount,
  type Coupon,
  type CouponRefusal,
  type CouponVerifyRequest,
  type CouponVerifyResult,
  type CouponWrite,
  type CouponFunder,
  type Currency,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { CartPricing, PricedLine } from '../cart/cart-pricing.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { CouponDoc, CouponFields, CouponRepository } from './coupons.repository.ts';

/** A coupon as the admin console shows it. */
export const toCoupon = (doc: CouponDoc): Coupon => ({
  id: doc._id.toHexString(),
  code: doc.code,
  kind: doc.kind,
  percentBps: doc.percentBps,
  amounts: doc.amounts,
  minAmounts: doc.minAmounts,
  validFrom: doc.validFrom?.toISOString() ?? null,
  validUntil: doc.validUntil?.toISOString() ?? null,
  usageLimit: doc.usageLimit,
  perUserLimit: doc.perUserLimit,
  categoryIds: doc.categoryIds,
  sellerIds: doc.sellerIds,
  active: doc.active,
  fundedBy: doc.fundedBy ?? 'marketplace',
  usedCount: doc.usedCount,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** The stored fields of a written coupon: only the kind's own amount is kept. */
const toFields = (input: CouponWrite): CouponFields => ({
  code: input.code,
  codeKey: input.code.toUpperCase(),
  kind: input.kind,
  percentBps: input.kind === 'percent' ? (input.percentBps ?? null) : null,
  amounts: input.kind === 'fixed' ? (input.amounts ?? {}) : {},
  minAmounts: input.minAmounts,
  validFrom: input.validFrom ? new Date(input.validFrom) : null,
  validUntil: input.validUntil ? new Date(input.validUntil) : null,
  usageLimit: input.usageLimit,
  perUserLimit: input.perUserLimit,
  categoryIds: input.categoryIds,
  sellerIds: input.sellerIds,
  active: input.active,
  fundedBy: input.fundedBy,
});

const TAKEN = () =>
  new AppError('CONFLICT', {
    message: 'A coupon with this code already exists',
    errors: { code: 'A coupon with this code already exists' },
  });

/** A coupon applied to priced lines: the discount in all and per line, or why not. */
export type CouponEvaluation =
  | {
      valid: true;
      code: string;
      discountCents: number;
      perLine: number[];
      fundedBy: CouponFunder;
    }
  | { valid: false; code: string; reason: CouponRefusal; discountCents: 0; perLine: number[] };

export type Redemption = { ok: true; couponId: string } | { ok: false; reason: CouponRefusal };

/**
 * Coupons: the admin's CRUD, the buyer's check, counting a use when an order is placed and
 * giving it back when the order ends undelivered.
 */
/**
 * Refusals a buyer is told as "unknown": a code that exists but is off, not started, expired or
 * used up must answer exactly like one that never existed, or guessing codes would find them.
 */
const UNTOLD: ReadonlySet<CouponRefusal> = new Set([
  'inactive',
  'not_started',
  'expired',
  'used_up',
]);

export function createCouponService(deps: {
  coupons: CouponRepository;
  price: CartPricing;
  clock?: () => Date;
}) {
  const { coupons, price, clock = () => new Date() } = deps;

  /** Why the coupon cannot be counted once more now (the per-user limit aside); null if it can. */
  function refusalOfUse(doc: CouponDoc): CouponRefusal | null {
    const now = clock();
    if (!doc.active) return 'inactive';
    if (doc.validFrom && now < doc.validFrom) return 'not_started';
    if (doc.validUntil && now >= doc.validUntil) return 'expired';
    if (doc.usageLimit !== null && doc.usedCount >= doc.usageLimit) return 'used_up';
    return null;
  }

  /** Why `userId` cannot use the coupon now, before looking at the cart; null if they can. */
  async function refusal(doc: CouponDoc, userId: string): Promise<CouponRefusal | null> {
    const why = refusalOfUse(doc);
    if (why) return why;
    if (doc.perUserLimit !== null && (await coupons.usesBy(doc._id, userId)) >= doc.perUserLimit) {
      return 'user_limit';
    }
    return null;
  }

  async function findOr404(id: string): Promise<{ id: ObjectId; doc: CouponDoc }> {
    const oid = toObjectId(id);
    const doc = oid && (await coupons.findById(oid));
    if (!oid || !doc) throw new AppError('NOT_FOUND');
    return { id: oid, doc };
  }

  async function evaluate(
    code: string,
    userId: string,
    lines: readonly PricedLine[],
    currency: Currency,
  ): Promise<CouponEvaluation> {
    const none = lines.map(() => 0);
    const doc = await coupons.findByCode(code);
    const refuse = (reason: CouponRefusal): CouponEvaluation => ({
      valid: false,
      code,
      reason: UNTOLD.has(reason) ? 'unknown' : reason,
      discountCents: 0,
      perLine: none,
    });
    if (!doc) return refuse('unknown');
    const why = await refusal(doc, userId);
    if (why) return refuse(why);
    const outcome = couponDiscount(doc, lines, currency);
    if (!outcome.valid) return refuse(outcome.reason);
    return {
      valid: true,
      code: doc.code,
      discountCents: outcome.discountCents,
      perLine: outcome.perLine,
      fundedBy: doc.fundedBy ?? 'marketplace',
    };
  }

  return {
    page: coupons.page,

    async get(id: string): Promise<CouponDoc> {
      return (await findOr404(id)).doc;
    },

    async create(input: CouponWrite): Promise<CouponDoc> {
      if (await coupons.findByCode(input.code)) throw TAKEN();
      try {
        return await coupons.insert(toFields(input), clock());
      } catch (err) {
        if (await coupons.findByCode(input.code)) throw TAKEN();
        throw err;
      }
    },

    async update(id: string, input: CouponWrite): Promise<CouponDoc> {
      const { id: oid } = await findOr404(id);
      const other = await coupons.findByCode(input.code);
      if (other && !other._id.equals(oid)) throw TAKEN();
      const doc = await coupons.update(oid, toFields(input), clock());
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    /** Deletes the coupon; orders that used it keep its code. */
    async remove(id: string): Promise<CouponDoc> {
      const { id: oid } = await findOr404(id);
      const doc = await coupons.remove(oid);
      if (!doc) throw new AppError('NOT_FOUND');
      return doc;
    },

    evaluate,

    /** The spec's coupon check: what the code takes off these lines, priced by the server. */
    async verify(userId: string, input: CouponVerifyRequest): Promise<CouponVerifyResult> {
      const currency = input.currency ?? input.purchases[0]?.currency ?? 'eur';
      const lines = await price(
        input.purchases.map((p) => ({
          productId: p.productId,
          sellerId: p.sellerId,
          quantity: p.quantity ?? 1,
          currency,
        })),
        { currency },
      );
      const result = await evaluate(input.couponCode, userId, lines, currency);
      return result.valid
        ? { valid: true, discountCents: result.discountCents, currency }
        : { valid: false, discountCents: 0, currency, reason: result.reason };
    },

    /**
     * Counts a use of the coupon by `userId`'s order `orderId` (wave 2 calls this when it places
     * the order). Without transactions: the buyer's next slot is taken first (its unique index
     * holds the per-user limit), then one conditional update counts the use under the total
     * limit, or the slot is given back. Idempotent per order: a retry, also after a crash in
     * between, counts nothing twice.
     */
    async redeem(code: string, userId: string, orderId: string): Promise<Redemption> {
      const doc = await coupons.findByCode(code);
      if (!doc) return { ok: false, reason: 'unknown' };
      const couponId = doc._id.toHexString();
      let redemption = await coupons.redemptionOf(doc._id, orderId);
      for (let attempt = 0; !redemption && attempt < 20; attempt++) {
        const slot = await coupons.freeSlot(doc._id, userId);
        if (doc.perUserLimit !== null && slot >= doc.perUserLimit) {
          return { ok: false, reason: 'user_limit' };
        }
        const taken = await coupons.takeSlot({
          couponId: doc._id,
          userId,
          orderId,
          slot,
          counted: false,
          createdAt: clock(),
        });
        // When not taken, either this order's redemption exists (a concurrent retry) or another
        // order of the buyer took the slot and the loop counts again.
        redemption = taken ?? (await coupons.redemptionOf(doc._id, orderId));
      }
      if (!redemption) return { ok: false, reason: 'user_limit' };
      if (redemption.counted) return { ok: true, couponId };
      let current: CouponDoc | null = doc;
      for (let attempt = 0; current && attempt < 3; attempt++) {
        const counted =
          (await coupons.countUse(doc._id, current.usageLimit, orderId, clock())) ||
          (await coupons.hasCounted(doc._id, orderId));
        if (counted) {
          await coupons.markCounted(redemption._id);
          return { ok: true, couponId };
        }
        // Refused, or the admin changed the limit since it was read: read it again.
        current = await coupons.findById(doc._id);
        const why = current && refusalOfUse(current);
        if (why) {
          await coupons.releaseSlot(redemption._id);
          return { ok: false, reason: why };
        }
      }
      await coupons.releaseSlot(redemption._id);
      return { ok: false, reason: current ? 'used_up' : 'unknown' };
    },

    /**
     * Gives back the use `orderId` counted (its order ends undelivered): the buyer may use the
     * coupon again and the total goes down. Order of writes: the total first (a conditional
     * update that only matches while it still counts this order), then the buyer's slot. A
     * crash in between leaves the slot, and the next call only deletes it; a second call finds
     * nothing. Idempotent, so the orders' recovery may call it again at any time.
     */
    async release(orderId: string): Promise<void> {
      const redemption = await coupons.redemptionOfOrder(orderId);
      if (!redemption) return;
      await coupons.uncountUse(redemption.couponId, orderId, clock());
      await coupons.removeRedemption(redemption._id);
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
