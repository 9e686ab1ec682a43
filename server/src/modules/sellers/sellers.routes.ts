import { Hono } from 'hono';
import { z } from 'zod';
import {
  AddSellerSchema,
  SELLER_DECISIONS,
  SellerDecisionSchema,
  SellerStatusSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { SellerRepository } from './sellers.repository.ts';
import { toSeller, type SellerService } from './sellers.service.ts';

/** `POST /api/seller/profile/addseller`: how a seller applies, open to guests. */
export const sellerApplyRoutes = (service: SellerService) =>
  new Hono<AppEnv>().post('/addseller', jsonBody(AddSellerSchema), async (c) =>
    c.json(await service.apply(c.req.valid('json'), c.get('user'), remoteIp(c)), 201),
  );

/** `GET /api/user/seller-application`: an applicant follows their application. */
export const sellerApplicationRoutes = (service: SellerService) =>
  new Hono<AppEnv>().get('/', async (c) => c.json(await service.application(currentUser(c))));

/** The seller list's filters: `q` searches name, email, registered name and VAT number. */
export const SellerFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
  status: SellerStatusSchema.optional(),
});
/** The `:decision` path segment of the decision call. */
export const DecisionParamSchema = z.enum(SELLER_DECISIONS);

/** The admin console's `sellers` resource with its approve / reject / suspend actions. */
export const adminSellerRoutes = (service: SellerService, sellers: SellerRepository) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await sellers.page(q, parseFilter(SellerFilterSchema, q.filter));
      return listResponse(c, 'sellers', q, rows.map(toSeller), total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .post('/:id/:decision', jsonBody(SellerDecisionSchema), async (c) => {
      const decision = DecisionParamSchema.safeParse(c.req.param('decision'));
      if (!decision.success) throw new AppError('NOT_FOUND');
      const { reason } = c.req.valid('json');
      return c.json(await service.decide(c.req.param('id'), decision.data, reason));
    });
