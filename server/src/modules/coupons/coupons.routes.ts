import { z } from 'zod';
import {
  CouponSchema,
  CouponVerifyRequestSchema,
  CouponVerifyResultSchema,
  CouponWriteSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byAddress, byUser } from '../../middleware/rate-limit.ts';
import { toObjectIds } from '../offers/object-ids.ts';
import { toCoupon, type CouponService } from './coupons.service.ts';

/** The coupon list's filters: `q` matches part of the code. */
export const CouponFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(64).optional(),
  active: z.boolean().optional(),
});

const coupon = rest(['coupons', 'a coupon'], CouponSchema);

/** The admin console's `coupons` resource (ra-data-simple-rest). */
export const adminCouponRoutes = (service: CouponService) =>
  routes('/admin/coupons', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      coupon.list({
        filter: CouponFilterSchema,
        description:
          '`q` matches part of the code. Newest first unless `sort` names `code`, `createdAt`, `usedCount`, `validUntil`, `active` or `kind`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, q: text, active } = q.filter;
        const { rows, total } = await service.page(q, {
          ...(id !== undefined && { id: toObjectIds(id) }),
          ...(text && { q: text }),
          ...(active !== undefined && { active }),
        });
        return listResponse(c, 'coupons', q, rows.map(toCoupon), total);
      },
    )
    .get('/:id', coupon.getOne(), async (c) =>
      c.json(toCoupon(await service.get(c.req.param('id')))),
    )
    .post(
      '/',
      coupon.create({
        body: CouponWriteSchema,
        description: 'Codes are unique case-insensitively: 409 on `code` when taken.',
        errors: [409],
      }),
      async (c) => c.json(toCoupon(await service.create(c.req.valid('json'))), 201),
    )
    .put('/:id', coupon.update({ body: CouponWriteSchema, errors: [409] }), async (c) =>
      c.json(toCoupon(await service.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', coupon.remove(), async (c) =>
      c.json(toCoupon(await service.remove(c.req.param('id')))),
    );

/** The spec's `POST /api/user/coupons/verify`: whether a code applies to the caller's lines. */
export const userCouponRoutes = (service: CouponService) =>
  routes('/user/coupons', { tag: 'user', access: 'user', verifiedEmail: true }).post(
    '/verify',
    {
      summary: 'Whether a coupon applies to these lines, and what it takes off',
      description:
        'Lines are priced by the server in `currency` (default: the first line’s). Not valid: `reason` says why (`unknown`, `expired`, `used_up`, `user_limit`, `minimum_not_reached`, `not_applicable` …). Uses are counted when an order is placed.',
      body: CouponVerifyRequestSchema,
      response: { status: 200, description: 'The check', schema: CouponVerifyResultSchema },
      limit: { name: 'coupon', per: [byUser, byAddress] },
    },
    async (c) => c.json(await service.verify(currentUser(c).uid, c.req.valid('json'))),
  );
