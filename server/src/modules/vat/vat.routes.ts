import { z } from 'zod';
import {
  EuCountrySchema,
  OssReportQuerySchema,
  VatRateCreateSchema,
  VatRateSchema,
  type VatRate,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { OssReport } from './oss-report.ts';
import type { VatRateDoc, VatRateRepository } from './vat-rates.repository.ts';
import type { VatService } from './vat.service.ts';

const VatRateFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  country: EuCountrySchema.optional(),
});

const toAdmin = (doc: VatRateDoc): VatRate => ({
  id: doc._id.toHexString(),
  country: doc.country,
  rateBps: doc.rateBps,
  from: doc.from,
  note: doc.note,
  seeded: doc.seeded,
  createdAt: doc.createdAt.toISOString(),
});

const vatRate = rest(['VAT rates', 'a VAT rate'], VatRateSchema);

/** The admin console's `vat-rates` resource (ra-data-simple-rest): the table, and new rates. */
export const adminVatRateRoutes = (repo: VatRateRepository, service: VatService) =>
  routes('/admin/vat-rates', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      vatRate.list({
        filter: VatRateFilterSchema,
        description:
          'Each Member State’s standard rates with the day each takes effect (it holds until the country’s next row). By country unless `sort` names `from`, `rateBps` or `createdAt`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, country } = q.filter;
        const { rows, total } = await repo.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
          ...(country && { country }),
        });
        return listResponse(c, 'vat-rates', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', vatRate.getOne(), async (c) => {
      const doc = await repo.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      vatRate.create({
        description:
          'A rate a Member State announced, from a future day (UTC): orders from that day pay it. 400 for a day not after today; 409 when the country already has a rate from that day. Audited.',
        body: VatRateCreateSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await service.create(c.req.valid('json'), auditContext(c))), 201),
    );

/** `GET /api/admin/vat/oss-report`: the OSS quarterly return's figures, as CSV. */
export const adminVatReportRoutes = (report: OssReport) =>
  routes('/admin/vat', { tag: 'admin', access: 'admin' }).get(
    '/oss-report',
    {
      summary: 'The OSS quarterly report, as CSV',
      description:
        'Delivered orders placed in the quarter (UTC), per Member State of consumption, VAT rate and currency: the taxable amount and the VAT, and both in euro at the rate of `usd` / `gbp` (the ECB reference rate of the quarter’s last day; each left out is the shop’s own exchange rate, named in `exchange_rate_source`). The shop’s own country is not in it (its domestic return). docs/vat.md.',
      query: OssReportQuerySchema,
      response: { status: 200, description: 'text/csv' },
    },
    async (c) => {
      const { year, quarter, usd, gbp } = c.req.valid('query');
      const csv = await report.csv(year, quarter, {
        ...(usd !== undefined && { usd }),
        ...(gbp !== undefined && { gbp }),
      });
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="oss-${year}-q${quarter}.csv"`,
      });
    },
  );
