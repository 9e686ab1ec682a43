import { Hono } from 'hono';
import {
  AddToCartRequestSchema,
  CartSummaryRequestSchema,
  UpdateCartProductsRequestSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { CartService } from './cart.service.ts';

/** The spec's `/api/cart/*` calls, for a signed-in buyer (guests keep a local cart). */
export const cartRoutes = (service: CartService) =>
  new Hono<AppEnv>()
    .get('/get', async (c) => c.json(await service.get(currentUser(c).uid)))
    .post('/addToCart', jsonBody(AddToCartRequestSchema), async (c) =>
      c.json(await service.add(currentUser(c).uid, c.req.valid('json'))),
    )
    .post('/updateCartSummary', jsonBody(CartSummaryRequestSchema), async (c) =>
      c.json(await service.summary(currentUser(c).uid, c.req.valid('json'))),
    );

/** The spec's `POST /api/user/cart/updateCartProducts`: the caller's lines, replaced whole. */
export const userCartRoutes = (service: CartService) =>
  new Hono<AppEnv>().post(
    '/updateCartProducts',
    jsonBody(UpdateCartProductsRequestSchema),
    async (c) => {
      const updatedResult = await service.replace(currentUser(c).uid, c.req.valid('json').products);
      return c.json({ success: true, updatedResult });
    },
  );
