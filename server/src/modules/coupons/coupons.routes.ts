import { Hono } from 'hono';
import { z } from 'zod';
import { CouponVerifyRequestSchema, CouponWriteSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import { toObjectIds } from '../offers/object-ids.ts';
import { toCoupon, type CouponService } from './coupons.service.ts';

/** The coupon list's filters: `q` matches part of the code. */
export const CouponFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(64).optional(),
  active: z.boolean().optional(),
});

/** The admin console's `coupons` resource (ra-data-simple-rest). */
export const adminCouponRoutes = (service: CouponService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id, q: text, active } = parseFilter(CouponFilterSchema, q.filter);
      const { rows, total } = await service.page(q, {
        ...(id !== undefined && { id: toObjectIds(id) }),
        ...(text && { q: text }),
        ...(active !== undefined && { active }),
      });
      return listResponse(c, 'coupons', q, rows.map(toCoupon), total);
    })
    .get('/:id', async (c) => c.json(toCoupon(await service.get(c.req.param('id')))))
    .post('/', jsonBody(CouponWriteSchema), async (c) =>
      c.json(toCoupon(await service.create(c.req.valid('json'))), 201),
    )
    .put('/:id', jsonBody(CouponWriteSchema), async (c) =>
      c.json(toCoupon(await service.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', async (c) => c.json(toCoupon(await service.remove(c.req.param('id')))));

/** The spec's `POST /api/user/coupons/verify`: whether a code applies to the caller's lines. */
export const userCouponRoutes = (service: CouponService) =>
  new Hono<AppEnv>().post('/verify', jsonBody(CouponVerifyRequestSchema), async (c) =>
    c.json(await service.verify(currentUser(c).uid, c.req.valid('json'))),
  );
