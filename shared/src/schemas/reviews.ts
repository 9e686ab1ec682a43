import { z } from 'zod';
import { REASON_MAX_LENGTH } from '../constants/limits.ts';

/**
 * Buyers' reviews (SPEC-NOTES: "seller ratings from buyer reviews"). A buyer reviews one
 * delivered order line once: one rating (1–5) that counts for both the product and its seller,
 * and a text. Reviews wait for an admin (`pending`), are shown once `approved`, or `hidden` with
 * a reason; the seller may reply once.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

export const REVIEW_TEXT_MIN_LENGTH = 3;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
export const REVIEW_REPLY_MAX_LENGTH = 1000;

export const ReviewRatingSchema = z.number().int().min(1).max(5);

const HexId = z.string().regex(/^[0-9a-f]{24}$/i, 'Not an id');

/** `POST /api/user/reviews`: the buyer reviews one delivered line of one of their orders. */
export const ReviewCreateSchema = z.object({
  orderId: HexId,
  itemId: HexId,
  rating: ReviewRatingSchema,
  text: z.string().trim().min(REVIEW_TEXT_MIN_LENGTH).max(REVIEW_TEXT_MAX_LENGTH),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

/** A seller's reply, once, shown under the review. */
export const ReviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

/** `PUT /api/seller/reviews/:id`: the seller's reply (a second one answers 409). */
export const ReviewReplyRequestSchema = z.object({
  reply: z.string().trim().min(1).max(REVIEW_REPLY_MAX_LENGTH),
});

/** `POST /api/admin/reviews/:id/hide`: why the review is not shown. */
export const ReviewHideRequestSchema = z.object({
  reason: z.string().trim().min(1).max(REASON_MAX_LENGTH),
});

/** `POST /api/admin/reviews/bulk-approve`. */
export const ReviewBulkApproveSchema = z.object({
  ids: z.array(HexId).min(1).max(100),
});

/** A review as its author sees it in their account. */
export const UserReviewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  itemId: z.string(),
  productId: z.string(),
  rating: ReviewRatingSchema,
  text: z.string(),
  status: ReviewStatusSchema,
  reply: ReviewReplySchema.nullable(),
  createdAt: z.string(),
});
export type UserReview = z.infer<typeof UserReviewSchema>;

/** A review as the seller console shows it (approved reviews of the seller's sales). */
export const SellerReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  authorName: z.string(),
  rating: ReviewRatingSchema,
  text: z.string(),
  reply: ReviewReplySchema.nullable(),
  createdAt: z.string(),
});
export type SellerReview = z.infer<typeof SellerReviewSchema>;

/** A review as the admin console's moderation queue shows it. */
export const AdminReviewSchema = SellerReviewSchema.extend({
  orderId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  status: ReviewStatusSchema,
  hiddenReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

/** Average (one decimal… kept to two) and count of a seller's or product's approved reviews. */
export const RatingSummarySchema = z.object({
  average: z.number().min(0).max(5),
  count: z.number().int().min(0),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;
export const NO_RATING: RatingSummary = { average: 0, count: 0 };
