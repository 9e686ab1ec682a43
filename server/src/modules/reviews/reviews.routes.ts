import { z } from 'zod';
import {
  AdminReviewSchema,
  ProductReviewsRequestSchema,
  ProductReviewsSchema,
  ReviewBulkApproveSchema,
  ReviewCreateSchema,
  ReviewHideRequestSchema,
  ReviewReplyRequestSchema,
  ReviewStatusSchema,
  SellerReviewSchema,
  UserReviewSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { ReviewModeration } from './review-moderation.ts';
import type { ReviewService } from './reviews.service.ts';

/** `GET /api/public/reviews?productId=`: what a product page shows of its reviews. */
export const publicReviewRoutes = (service: ReviewService) =>
  routes('/public/reviews', { tag: 'catalogue', access: 'public' }).get(
    '/',
    {
      summary: 'A product’s rating and approved reviews',
      description:
        'Average and count over the approved reviews, and the newest 20 of them. An unknown product has none.',
      query: ProductReviewsRequestSchema,
      response: { status: 200, description: 'The reviews', schema: ProductReviewsSchema },
    },
    async (c) => {
      const { productId, locale } = c.req.valid('query');
      return c.json(await service.forProduct(productId, locale));
    },
  );

const userReview = rest(['the caller’s reviews', 'a review'], UserReviewSchema);

/** `/api/user/reviews`: a buyer reviews a delivered line of their own order, once. */
export const userReviewRoutes = (service: ReviewService) =>
  routes('/user/reviews', { tag: 'user', access: 'user', verifiedEmail: true })
    .get(
      '/',
      userReview.list({
        filter: z.object({}),
        description: 'Newest first, with their moderation status and the seller’s reply.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.listOwn(currentUser(c).uid, q);
        return listResponse(c, 'reviews', q, rows, total);
      },
    )
    .post(
      '/',
      {
        ...userReview.create({
          body: ReviewCreateSchema,
          description:
            'A rating (1–5, for the product and its seller) and a text for one line of the caller’s order. 404 when the order or line is not the caller’s; 409 when the line was not delivered (approved order, a unit delivered, not refunded) or is already reviewed. The review waits for an admin.',
          errors: [409],
        }),
        response: { status: 201, description: 'The review, pending', schema: UserReviewSchema },
      },
      async (c) => c.json(await service.create(currentUser(c).uid, c.req.valid('json')), 201),
    );

/** The moderation queue's filters. */
export const AdminReviewFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: ReviewStatusSchema.optional(),
  productId: z.string().min(1).max(64).optional(),
  sellerId: z.string().min(1).max(128).optional(),
});

const adminReview = rest(['reviews', 'a review'], AdminReviewSchema);

/** `/api/admin/reviews`: the moderation queue (approve, hide with a reason, bulk approve). */
export const adminReviewRoutes = (moderation: ReviewModeration) =>
  routes('/admin/reviews', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminReview.list({
        filter: AdminReviewFilterSchema,
        sorts: ['createdAt'],
        description:
          'Filter by `status` (pending, approved, hidden), product or seller. Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date).',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await moderation.page(q);
        return listResponse(c, 'reviews', q, rows, total);
      },
    )
    .get('/:id', adminReview.getOne(), async (c) => c.json(await moderation.get(c.req.param('id'))))
    .post(
      '/bulk-approve',
      {
        summary: 'Approve many pending reviews',
        description:
          'Reviews not pending (or unknown) are left alone; the answer lists those approved.',
        body: ReviewBulkApproveSchema,
        response: {
          status: 200,
          description: 'The reviews approved',
          schema: z.object({ approved: z.array(z.string()) }),
        },
      },
      async (c) => c.json(await moderation.approveMany(auditContext(c), c.req.valid('json').ids)),
    )
    .post(
      '/:id/approve',
      {
        summary: 'Approve a review',
        description:
          'From pending or hidden (409 otherwise). The seller’s rating is recomputed; the product page shows it.',
        body: z.object({}),
        response: { status: 200, description: 'The review', schema: AdminReviewSchema },
        errors: [409],
      },
      async (c) => c.json(await moderation.decide(auditContext(c), c.req.param('id'), 'approve')),
    )
    .post(
      '/:id/hide',
      {
        summary: 'Hide a review, with a reason',
        description: 'From pending or approved (409 otherwise). The seller’s rating is recomputed.',
        body: ReviewHideRequestSchema,
        response: { status: 200, description: 'The review', schema: AdminReviewSchema },
        errors: [409],
      },
      async (c) =>
        c.json(
          await moderation.decide(
            auditContext(c),
            c.req.param('id'),
            'hide',
            c.req.valid('json').reason,
          ),
        ),
    );

const sellerReview = rest(['the seller’s approved reviews', 'a review'], SellerReviewSchema);

/** `currentUser(c).sellerId`: set for every request past the approved-seller guard. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** `/api/seller/reviews`: a seller reads the approved reviews of their sales and replies once. */
export const sellerReviewRoutes = (service: ReviewService) =>
  routes('/seller/reviews', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      sellerReview.list({
        filter: z.object({ id: IdFilterSchema.optional() }),
        sorts: ['createdAt'],
        description: 'Approved reviews of the seller’s sales, newest first.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.sellerPage(shopOf(c), q);
        return listResponse(c, 'reviews', q, rows, total);
      },
    )
    .get('/:id', sellerReview.getOne(), async (c) =>
      c.json(await service.sellerGet(shopOf(c), c.req.param('id'))),
    )
    .put(
      '/:id',
      sellerReview.update({
        body: ReviewReplyRequestSchema,
        summary: 'Reply to a review, once',
        description: 'The reply is shown under the review. A second reply answers 409.',
        errors: [409],
      }),
      async (c) =>
        c.json(await service.reply(shopOf(c), c.req.param('id'), c.req.valid('json').reply)),
    );
