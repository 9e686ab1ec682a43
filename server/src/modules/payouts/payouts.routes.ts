import { ObjectId, type Filter } from 'mongodb';
import { z } from 'zod';
import {
  CurrencySchema,
  LedgerEntrySchema,
  LedgerEntryTypeSchema,
  PayoutMarkPaidSchema,
  PayoutRunRequestSchema,
  PayoutRunResultSchema,
  PayoutSchema,
  PayoutStatusSchema,
  SellerBalanceSchema,
  StatementQuerySchema,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import { toObjectIds } from '../offers/object-ids.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { PayoutDoc } from './payouts.repository.ts';
import { statementCsv, toLedgerEntry } from './payouts-statement.ts';
import { toPayout, type PayoutService } from './payouts.service.ts';

const PayoutFilterSchema = z.object({
  /** react-admin's getMany: only these payouts. */
  id: IdFilterSchema.optional(),
  status: PayoutStatusSchema.optional(),
  currency: CurrencySchema.optional(),
  sellerId: z.string().max(128).optional(),
});
const payout = rest(['payouts', 'a payout'], PayoutSchema);

const filterOf = (f: z.infer<typeof PayoutFilterSchema>): Filter<PayoutDoc> => ({
  ...(f.id !== undefined && {
    // An id that cannot be an ObjectId matches nothing, like an unknown one.
    _id: {
      $in: [f.id]
        .flat()
        .filter((id) => ObjectId.isValid(id))
        .map((id) => new ObjectId(id)),
    },
  }),
  ...(f.status && { status: f.status }),
  ...(f.currency && { currency: f.currency }),
  ...(f.sellerId && { sellerId: f.sellerId }),
});

/** The admin console's `payouts` resource: list, show, run now, mark a transfer paid. */
export const adminPayoutRoutes = (service: PayoutService) =>
  routes('/admin/payouts', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      payout.list({ filter: PayoutFilterSchema, description: 'Newest first.' }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.page(q, filterOf(q.filter));
        return listResponse(c, 'payouts', q, rows.map(toPayout), total);
      },
    )
    .get('/:id', payout.getOne(), async (c) =>
      c.json(toPayout(await service.get(c.req.param('id')))),
    )
    .post(
      '/run',
      {
        summary: 'Run payouts now',
        description:
          'A payout per seller and currency whose available balance reaches PAYOUT_MINIMUM_CENTS: sent through PayPal Payouts (`paypal`), or left pending for a bank transfer (`transfer`).',
        body: PayoutRunRequestSchema,
        response: { status: 200, description: 'The payouts made', schema: PayoutRunResultSchema },
      },
      async (c) => c.json(await service.runNow(c.req.valid('json').method, auditContext(c))),
    )
    .post(
      '/:id/mark-paid',
      {
        summary: 'Mark a bank transfer payout paid',
        body: PayoutMarkPaidSchema,
        response: { status: 200, description: 'The payout', schema: PayoutSchema },
        errors: [404, 409],
      },
      async (c) =>
        c.json(
          toPayout(
            await service.markPaid(
              c.req.param('id'),
              c.req.valid('json').reference,
              auditContext(c),
            ),
          ),
        ),
    );

const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** The seller console's `payouts` resource and the statement CSV of a period. */
export const sellerPayoutRoutes = (service: PayoutService, ledger: Pick<LedgerFacade, 'between'>) =>
  routes('/seller/payouts', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      payout.list({
        filter: PayoutFilterSchema.omit({ sellerId: true }),
        description: 'Newest first.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.page(q, {
          ...filterOf(q.filter),
          sellerId: shopOf(c),
        });
        return listResponse(c, 'payouts', q, rows.map(toPayout), total);
      },
    )
    .get(
      '/statement',
      {
        summary: 'The caller’s statement of a period, as CSV',
        description:
          'Every ledger movement and payout from `from` (included) to `to` (included), UTC days.',
        query: StatementQuerySchema,
        response: { status: 200, description: 'text/csv' },
      },
      async (c) => {
        const { from, to } = c.req.valid('query');
        const start = new Date(`${from}T00:00:00Z`);
        const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
        if (!(start < end)) {
          throw new AppError('VALIDATION_FAILED', { errors: { to: 'Must not be before `from`' } });
        }
        const seller = shopOf(c);
        const csv = statementCsv(
          await ledger.between(seller, start, end),
          await service.between(seller, start, end),
          new Date(),
        );
        return c.body(csv, 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="statement-${from}-${to}.csv"`,
        });
      },
    )
    .get('/:id', payout.getOne(), async (c) =>
      c.json(toPayout(await service.getOwn(shopOf(c), c.req.param('id')))),
    );

const LedgerEntryFilterSchema = z.object({
  type: LedgerEntryTypeSchema.optional(),
  currency: CurrencySchema.optional(),
  id: IdFilterSchema.optional(),
});
const entry = rest(['the caller’s ledger movements', 'a ledger movement'], LedgerEntrySchema);

/** `/api/seller/balance` and the seller console's `ledger-entries` (every movement). */
export const sellerBalanceRoutes = (service: PayoutService, ledger: Pick<LedgerFacade, 'page'>) => [
  routes('/seller/balance', { tag: 'seller', access: 'seller' }).get(
    '/',
    {
      summary: 'The caller’s money per currency: pending (holdback), available, paid',
      response: { status: 200, description: 'The balance', schema: SellerBalanceSchema },
    },
    async (c) => c.json(await service.balance(shopOf(c))),
  ),
  routes('/seller/ledger-entries', { tag: 'seller', access: 'seller' }).get(
    '/',
    entry.list({ filter: LedgerEntryFilterSchema, description: 'Newest first.' }),
    async (c) => {
      const q = c.req.valid('query');
      const { id, ...filter } = q.filter;
      const ids = id === undefined ? undefined : toObjectIds(id);
      const { rows, total } = await ledger.page(shopOf(c), q, { ...filter, ids });
      const now = new Date();
      return listResponse(
        c,
        'ledger-entries',
        q,
        rows.map((e) => toLedgerEntry(e, now)),
        total,
      );
    },
  ),
];
