import { Hono } from 'hono';
import { z } from 'zod';
import {
  KeyUploadSchema,
  OfferStatusSchema,
  SellerOfferCreateSchema,
  SellerOfferUpdateSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { SellerOfferService } from './offers.service.ts';

/** The seller's offer list filters (always scoped to the caller's shop). */
export const OfferFilterSchema = z.object({
  // getMany, e.g. the seller's key list showing the offer it is filtered on.
  id: IdFilterSchema.optional(),
  status: OfferStatusSchema.optional(),
  productId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Not a product id')
    .optional(),
});

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

/** The seller console's `offers` resource (ra-data-simple-rest) and its bulk key upload. */
export const sellerOfferRoutes = (service: SellerOfferService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(OfferFilterSchema, q.filter);
      const { rows, total } = await service.list(shopOf(c), q, filter);
      return listResponse(c, 'offers', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(shopOf(c), c.req.param('id'))))
    .post('/', jsonBody(SellerOfferCreateSchema), async (c) =>
      c.json(await service.create(shopOf(c), c.req.valid('json')), 201),
    )
    .put('/:id', jsonBody(SellerOfferUpdateSchema), async (c) =>
      c.json(await service.update(shopOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .post('/:id/keys', jsonBody(KeyUploadSchema), async (c) =>
      c.json(
        await service.uploadKeys(
          auditContext(c),
          shopOf(c),
          c.req.param('id'),
          c.req.valid('json').codes,
        ),
      ),
    );
