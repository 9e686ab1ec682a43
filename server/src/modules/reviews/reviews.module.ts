import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { ReviewModeration } from './review-moderation.ts';
import { reviewIndexes } from './reviews.repository.ts';
import {
  adminReviewRoutes,
  publicReviewRoutes,
  sellerReviewRoutes,
  userReviewRoutes,
} from './reviews.routes.ts';
import type { ReviewService } from './reviews.service.ts';

/**
 * Reviews: buyers' reviews of delivered lines, the admin's moderation, sellers' answers; and the
 * rating repair job (seller ratings a crash left between moderation and recount).
 */
export const reviewsModule = (given: {
  service: ReviewService;
  moderation: ReviewModeration;
}): ModuleDeclaration => ({
  name: 'reviews',
  indexes: { reviews: reviewIndexes },
  routes: () => [
    publicReviewRoutes(given.service),
    userReviewRoutes(given.service),
    adminReviewRoutes(given.moderation),
    sellerReviewRoutes(given.service),
  ],
  jobs: [
    {
      name: 'review-rating-repair',
      everyMs: 5 * 60_000,
      run: () => given.moderation.repairRatings(),
    },
  ],
});
