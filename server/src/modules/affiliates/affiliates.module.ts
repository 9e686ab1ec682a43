import type { ModuleDeclaration } from '../../runtime/module.ts';
import { affiliateReportIndexes } from './affiliate-reports.repository.ts';

/** Affiliates: what Awin hears of orders, and the retry of reports that failed (none without Awin). */
export const affiliatesModule = (given: {
  affiliate: { retryPending(): Promise<unknown> } | null;
}): ModuleDeclaration => ({
  name: 'affiliates',
  indexes: { affiliateReports: affiliateReportIndexes },
  jobs: given.affiliate
    ? [{ name: 'affiliate-retry', everyMs: 60_000, run: () => given.affiliate!.retryPending() }]
    : [],
});
