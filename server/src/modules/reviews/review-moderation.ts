import type { ObjectId } from 'mongodb';
import type { AdminReview, ReviewStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListRequest } from '../../lib/list-query.ts';
import type { Logger } from '../../logger.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import { toAdminReview } from './review-view.ts';
import type { ReviewDoc } from './reviews.repository.ts';
import { namesOf, type ReviewDeps } from './reviews.service.ts';

/**
 * What follows a moderation once the seller's rating is written: the one place that hears a
 * review was approved or hidden. The product page cache hooks its invalidation here (the page
 * shows the product's reviews, its rating and its offers' seller ratings).
 */
export type ReviewModerated = (event: {
  reviewId: string;
  productId: string;
  sellerId: string;
  status: ReviewStatus;
}) => Promise<void>;

export type AdminReviewFilter = {
  id?: string | string[];
  status?: ReviewStatus;
  productId?: string;
  sellerId?: string;
};

/** Where each admin action may start from. */
const FROM: Record<'approve' | 'hide', ReviewStatus[]> = {
  approve: ['pending', 'hidden'],
  hide: ['pending', 'approved'],
};

/**
 * The admin's moderation queue, and the sellers' ratings it keeps: `rating: { average, count }`
 * on the seller over approved reviews, recomputed (never incremented) after every moderation, so
 * a retry or a repair writes the same value.
 */
export function createReviewModeration(
  deps: Pick<ReviewDeps, 'reviews' | 'products' | 'sellers'> & {
    sellerRatings: Pick<SellerFacade, 'setRating'>;
    auditLog: AuditLog;
    log: Logger;
    onModerated?: ReviewModerated;
  },
) {
  const { reviews, sellerRatings, auditLog, log } = deps;

  /** Recomputes the seller's rating, then clears the marks of the moderations it counted. */
  async function refreshRating(sellerId: string): Promise<void> {
    const startedAt = new Date();
    await sellerRatings.setRating(sellerId, await reviews.sellerSummary(sellerId));
    await reviews.clearStale(sellerId, startedAt);
  }

  async function view(doc: ReviewDoc): Promise<AdminReview> {
    return toAdminReview(doc, await namesOf(deps, [doc]));
  }

  async function moderate(
    ctx: AuditContext,
    id: ObjectId,
    action: 'approve' | 'hide',
    reason: string | null,
  ): Promise<ReviewDoc | null> {
    const to: ReviewStatus = action === 'approve' ? 'approved' : 'hidden';
    const doc = await reviews.moderate(id, FROM[action], to, ctx.actor.uid, reason);
    if (!doc) return null;
    await auditLog.record(ctx, {
      action: action === 'approve' ? 'review.approve' : 'review.hide',
      target: { type: 'review', id: id.toHexString() },
      reason,
      details: { productId: doc.productId.toHexString(), sellerId: doc.sellerId },
    });
    await refreshRating(doc.sellerId);
    await deps.onModerated?.({
      reviewId: id.toHexString(),
      productId: doc.productId.toHexString(),
      sellerId: doc.sellerId,
      status: to,
    });
    return doc;
  }

  return {
    async page(q: ListRequest<AdminReviewFilter>) {
      const f = q.filter;
      const productId = f.productId === undefined ? undefined : toObjectId(f.productId);
      if (productId === null) return { rows: [], total: 0 };
      const { rows, total } = await reviews.page(q, {
        ids: f.id === undefined ? undefined : toObjectIds(f.id),
        status: f.status,
        productId,
        sellerId: f.sellerId,
      });
      const names = await namesOf(deps, rows);
      return { rows: rows.map((r) => toAdminReview(r, names)), total };
    },

    async get(id: string): Promise<AdminReview> {
      const oid = toObjectId(id);
      const doc = oid && (await reviews.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return view(doc);
    },

    /**
     * Approve (from pending or hidden) or hide with a reason (from pending or approved); 404 for
     * no such review, 409 from any other status (another admin decided first).
     */
    async decide(
      ctx: AuditContext,
      id: string,
      action: 'approve' | 'hide',
      reason: string | null = null,
    ): Promise<AdminReview> {
      const oid = toObjectId(id);
      if (!oid || !(await reviews.findById(oid))) throw new AppError('NOT_FOUND');
      const doc = await moderate(ctx, oid, action, action === 'hide' ? reason : null);
      if (!doc)
        throw new AppError('CONFLICT', { message: 'The review is not in a state to ' + action });
      return view(doc);
    },

    /** Approves each pending review of `ids`; the others are left as they are. */
    async approveMany(ctx: AuditContext, ids: string[]): Promise<{ approved: string[] }> {
      const approved: string[] = [];
      for (const oid of toObjectIds([...new Set(ids.map((i) => i.toLowerCase()))])) {
        if (await moderate(ctx, oid, 'approve', null)) approved.push(oid.toHexString());
      }
      return { approved };
    },

    /** Recomputes the ratings a crash between a moderation and its recount left stale. */
    async repairRatings(): Promise<number> {
      const sellers = await reviews.staleSellers();
      for (const sellerId of sellers) {
        try {
          await refreshRating(sellerId);
        } catch (err) {
          log.error({ err, sellerId }, 'seller rating repair failed; next run retries');
        }
      }
      return sellers.length;
    },
  };
}
export type ReviewModeration = ReturnType<typeof createReviewModeration>;
