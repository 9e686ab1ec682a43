import type { AccountExport } from '@market/shared';
import type { ReviewRepository } from './reviews.repository.ts';

/**
 * A buyer's reviews, for their data export. Erasure keeps them (the ratings count them) and
 * replaces the author's name, which product pages show (the page cache hears the write).
 */
export function createReviewPersonalData(reviews: ReviewRepository) {
  return {
    async exportOf(userId: string): Promise<AccountExport['reviews']> {
      return (await reviews.ofUser(userId)).map((r) => ({
        productId: r.productId.toHexString(),
        rating: r.rating,
        text: r.text,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }));
    },
    async erase(userId: string, standIn: { name: string }): Promise<void> {
      await reviews.renameAuthor(userId, standIn.name);
    },
  };
}
