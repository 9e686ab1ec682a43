import type { ModuleDeclaration } from '../../runtime/module.ts';

/** Affiliates bring the retry of Awin reports that failed (none without Awin). */
export const affiliatesModule = (given: {
  affiliate: { retryPending(): Promise<unknown> } | null;
}): ModuleDeclaration => ({
  name: 'affiliates',
  jobs: given.affiliate
    ? [{ name: 'affiliate-retry', everyMs: 60_000, run: () => given.affiliate!.retryPending() }]
    : [],
});
