import { MongoServerError, ObjectId } from 'mongodb';
import type {
  Locale,
  ProductReviews,
  PublicReview,
  ReviewCreate,
  SellerReview,
  UserReview,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListRequest } from '../../lib/list-query.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { UserFacade } from '../users/users.facade.ts';
import {
  authorNameOf,
  toPublicReview,
  toSellerReview,
  toUserReview,
  type ReviewNames,
} from './review-view.ts';
import type { ReviewDoc, ReviewRepository } from './reviews.repository.ts';

export type ReviewDeps = {
  reviews: ReviewRepository;
  orders: Pick<OrderFacade, 'findOwn'>;
  products: Pick<ProductFacade, 'findByIds'>;
  sellers: Pick<SellerFacade, 'namesByIds'>;
  users: Pick<UserFacade, 'findById'>;
};

/** How many reviews a product page shows, and the public state's latest. */
export const PRODUCT_PAGE_REVIEWS = 20;
export const LATEST_REVIEWS = 10;

/** Product and seller names of `docs`, in two queries. */
export async function namesOf(
  deps: Pick<ReviewDeps, 'products' | 'sellers'>,
  docs: ReviewDoc[],
): Promise<ReviewNames> {
  const productIds = [...new Set(docs.map((d) => d.productId.toHexString()))];
  const [products, sellers] = await Promise.all([
    deps.products.findByIds(productIds.map((id) => new ObjectId(id))),
    deps.sellers.namesByIds([...new Set(docs.map((d) => d.sellerId))]),
  ]);
  return { products: new Map(products.map((p) => [p._id.toHexString(), p])), sellers };
}

/**
 * Buyers write reviews of delivered lines, sellers reply once, the storefront reads approved
 * ones. Moderation and the sellers' ratings are `review-moderation.ts`.
 */
export function createReviewService(deps: ReviewDeps) {
  const { reviews, orders, users } = deps;

  async function publicList(docs: ReviewDoc[], locale: Locale): Promise<PublicReview[]> {
    const names = await namesOf(deps, docs);
    return docs.flatMap((d) => toPublicReview(d, names, locale) ?? []);
  }

  return {
    /**
     * The buyer reviews one line of their own order: 404 when the order or line is not theirs,
     * 409 when the line was not delivered (approved order, at least one unit delivered, not
     * refunded) or is already reviewed. The review waits for moderation.
     */
    async create(userId: string, input: ReviewCreate): Promise<UserReview> {
      const order = await orders.findOwn(new ObjectId(input.orderId), userId);
      const item = order?.items.find((i) => i._id.toHexString() === input.itemId.toLowerCase());
      if (!order || !item) throw new AppError('NOT_FOUND');
      if (order.status !== 'approved' || item.deliveredCount < 1 || item.refundedAt) {
        throw new AppError('CONFLICT', { message: 'Only a delivered order line can be reviewed' });
      }
      const doc: ReviewDoc = {
        _id: new ObjectId(),
        orderId: order._id,
        itemId: item._id,
        productId: item.productId,
        sellerId: item.sellerId,
        userId,
        authorName: authorNameOf(await users.findById(userId)),
        rating: input.rating,
        text: input.text,
        status: 'pending',
        hiddenReason: null,
        createdAt: new Date(),
        moderatedAt: null,
        moderatedBy: null,
        reply: null,
      };
      try {
        await reviews.insert(doc);
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) {
          throw new AppError('CONFLICT', { message: 'This order line is already reviewed' });
        }
        throw err;
      }
      return toUserReview(doc);
    },

    async listOwn(userId: string, q: ListRequest) {
      const { rows, total } = await reviews.page(q, { userId });
      return { rows: rows.map(toUserReview), total };
    },

    /** The seller's approved reviews (what buyers see, and what they may reply to). */
    async sellerPage(sellerId: string, q: ListRequest<{ id?: string | string[] }>) {
      const ids =
        q.filter.id === undefined
          ? undefined
          : [q.filter.id].flat().flatMap((h) => toObjectId(h) ?? []);
      const { rows, total } = await reviews.page(q, { sellerId, status: 'approved', ids });
      const names = await namesOf(deps, rows);
      return { rows: rows.map((r) => toSellerReview(r, names)), total };
    },

    async sellerGet(sellerId: string, id: string): Promise<SellerReview> {
      const oid = toObjectId(id);
      const doc = oid && (await reviews.findById(oid));
      if (!doc || doc.sellerId !== sellerId || doc.status !== 'approved') {
        throw new AppError('NOT_FOUND');
      }
      return toSellerReview(doc, await namesOf(deps, [doc]));
    },

    /** The seller's one reply (409 when there is one already). */
    async reply(sellerId: string, id: string, text: string): Promise<SellerReview> {
      const current = await this.sellerGet(sellerId, id);
      if (current.reply) throw new AppError('CONFLICT', { message: 'Already replied' });
      const doc = await reviews.reply(new ObjectId(current.id), sellerId, text);
      if (!doc) throw new AppError('CONFLICT', { message: 'Already replied' });
      return toSellerReview(doc, await namesOf(deps, [doc]));
    },

    /** A product's rating and approved reviews, newest first; empty for an unknown id. */
    async forProduct(productId: string, locale: Locale): Promise<ProductReviews> {
      const oid = toObjectId(productId);
      if (!oid) return { productId, rating: { average: 0, count: 0 }, reviews: [] };
      const [rating, docs] = await Promise.all([
        reviews.productSummary(oid),
        reviews.latestApproved(PRODUCT_PAGE_REVIEWS, oid),
      ]);
      return { productId, rating, reviews: await publicList(docs, locale) };
    },

    /** The latest approved reviews, for the public state. */
    async latest(locale: Locale, limit = LATEST_REVIEWS): Promise<PublicReview[]> {
      return publicList(await reviews.latestApproved(limit), locale);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
