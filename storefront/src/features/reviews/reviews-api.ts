import { UserReviewSchema, type ReviewCreateSchema, type UserReview } from '@market/shared';
import type { z } from 'zod';
import { callApi } from '../../lib/api-client.ts';

/* The buyer's reviews, from the account island (Firebase ID token). */

const UserReviewListSchema = UserReviewSchema.array();

/** The caller's reviews, newest first (their last 500 purchases reviewed is plenty for a page). */
export async function listOwnReviews(idToken?: string): Promise<UserReview[]> {
  const query = new URLSearchParams({ range: JSON.stringify([0, 499]) });
  return callApi(`user/reviews?${query}`, UserReviewListSchema, { idToken });
}

/** Reviews one delivered line of the caller's order; it waits for moderation. */
export async function writeReview(
  body: z.input<typeof ReviewCreateSchema>,
  idToken?: string,
): Promise<UserReview> {
  return callApi('user/reviews', UserReviewSchema, { body, idToken });
}
