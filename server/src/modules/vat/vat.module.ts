import { createHash } from 'node:crypto';
import { EU_STANDARD_VAT_RATES } from '@market/shared';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { OssReport } from './oss-report.ts';
import { vatRateIndexes, type VatRateRepository } from './vat-rates.repository.ts';
import { adminVatRateRoutes, adminVatReportRoutes } from './vat.routes.ts';
import type { VatService } from './vat.service.ts';

/**
 * VAT brings the rate table (`vat_rates`, the admin's `vat-rates` resource), the OSS report,
 * and the table's seed: the code's rows written into `vat_rates`. The seed's id carries a digest
 * of the table, so a row added to the code is seeded at the next start; the seed never
 * overwrites a row already there.
 */
export const vatModule = (given: {
  repo: VatRateRepository;
  vat: VatService;
  report: OssReport;
}): ModuleDeclaration => {
  const digest = createHash('sha256')
    .update(JSON.stringify(EU_STANDARD_VAT_RATES))
    .digest('hex')
    .slice(0, 12);
  return {
    name: 'vat',
    indexes: { vat_rates: vatRateIndexes },
    routes: () => [adminVatRateRoutes(given.repo, given.vat), adminVatReportRoutes(given.report)],
    migrations: [
      {
        id: `vat-rates-seed-${digest}`,
        run: async () => {
          await given.vat.seed();
          return true;
        },
      },
    ],
  };
};
