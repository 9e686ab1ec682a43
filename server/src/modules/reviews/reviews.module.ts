import type { ModuleDeclaration } from '../../runtime/module.ts';

/** Reviews bring the rating repair: seller ratings a crash left between moderation and recount. */
export const reviewsModule = (given: {
  moderation: { repairRatings(): Promise<unknown> };
}): ModuleDeclaration => ({
  name: 'reviews',
  jobs: [
    {
      name: 'review-rating-repair',
      everyMs: 5 * 60_000,
      run: () => given.moderation.repairRatings(),
    },
  ],
});
