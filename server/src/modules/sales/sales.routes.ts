import { z } from 'zod';
import {
  CurrencySchema,
  SellerRefundSchema,
  SellerRefundTypeSchema,
  SellerSaleDetailSchema,
  SellerSaleSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { toObjectIds } from '../offers/object-ids.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { SaleDetail } from './sale-detail.ts';
import type { SellerRefunds } from './seller-refunds.ts';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day: YYYY-MM-DD');

/** The refund list's filters: kind, currency, and the days (both included, UTC). */
export const SellerRefundFilterSchema = z.object({
  type: SellerRefundTypeSchema.optional(),
  currency: CurrencySchema.optional(),
  from: Day.optional(),
  to: Day.optional(),
  id: IdFilterSchema.optional(),
});

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999Z`);

const sale = rest(['the caller’s order lines', 'an order line'], SellerSaleSchema);
const refund = rest(['the caller’s refunds', 'a refund'], SellerRefundSchema);

/** `GET /api/seller/sales/:id`: one of the caller's sales with keys' states, money, refunds, claims. */
export const sellerSaleDetailRoutes = (saleDetail: SaleDetail) =>
  routes('/seller/sales', { tag: 'seller', access: 'seller' }).get(
    '/:id',
    sale.getOne({
      schema: SellerSaleDetailSchema,
      description:
        '`:id` is `<orderId>-<itemId>`. Also the caller’s other lines of the order, each key’s state (never its code), the ledger’s totals (commission, net, what refunds took back), the refunds and claims on them. Another seller’s sale answers 404.',
    }),
    async (c) => c.json(await saleDetail(currentUser(c).sellerId!, c.req.param('id'))),
  );

/** `GET /api/seller/refunds`: the caller's lines given back to buyers (refunds, chargebacks). */
export const sellerRefundRoutes = (sellerRefunds: SellerRefunds) =>
  routes('/seller/refunds', { tag: 'seller', access: 'seller' }).get(
    '/',
    refund.list({
      filter: SellerRefundFilterSchema,
      description:
        'Newest first. One row per refunded line once the refund went through: what the buyer got back, the commission given back and what the balance lost (positive amounts).',
    }),
    async (c) => {
      const q = c.req.valid('query');
      const { type, currency, from, to, id } = q.filter;
      const { rows, total } = await sellerRefunds(currentUser(c).sellerId!, q, {
        type,
        currency,
        from: from ? dayStart(from) : undefined,
        to: to ? dayEnd(to) : undefined,
        ids: id === undefined ? undefined : toObjectIds(id),
      });
      return listResponse(c, 'refunds', q, rows, total);
    },
  );
