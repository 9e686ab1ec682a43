import {
  AddToCartRequestSchema,
  CartSchema,
  CartSummaryRequestSchema,
  CartSummarySchema,
  UpdateCartProductsRequestSchema,
  UpdateCartProductsResultSchema,
} from '@market/shared';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byAddress, byUser, type RateLimit } from '../../middleware/rate-limit.ts';
import type { CartService } from './cart.service.ts';

/** The spec's `/api/cart/*` calls, for a signed-in buyer (guests keep a local cart). */
export const cartRoutes = (service: CartService, limit: RateLimit) =>
  routes('/cart', { tag: 'user', access: 'user', verifiedEmail: true })
    .get(
      '/get',
      {
        summary: 'The caller’s cart, priced again',
        description:
          'Prices, names and VAT classes come from the live offers. A line whose offer sells nothing now (no keys, paused, hidden) is saved at quantity 0 with `outOfStock: true`. Guests keep a local cart and never call this.',
        response: { status: 200, description: 'The cart', schema: CartSchema },
      },
      async (c) => c.json(await service.get(currentUser(c).uid)),
    )
    .post(
      '/addToCart',
      {
        summary: 'Add lines to the caller’s cart (also merges a guest cart on sign-in)',
        description:
          'A line already in the cart gets the units (at most 99, never more than the offer’s keys); quantity 0 counts as 1. A client-sent price, name or VAT flag is ignored. The same `transactionId` again changes nothing. 404 when no line names a known product. With `country`, a line whose key does not activate there answers 409 `REGION_NOT_CONFIRMED` (field `products.<i>.regionConfirmed`) unless it carries `regionConfirmed` for that country, which the line then keeps with the time (docs/regions.md).',
        body: AddToCartRequestSchema,
        response: { status: 200, description: 'The cart', schema: CartSchema },
        errors: [404, 409],
      },
      async (c) => c.json(await service.add(currentUser(c).uid, c.req.valid('json'))),
    )
    .post(
      '/updateCartSummary',
      {
        summary: 'What lines cost now: subtotal, coupon discount, VAT included, total',
        description:
          'Prices are gross (VAT included) and the same for every buyer; `vatIncludedCents` is the VAT they hold after the discount, none on zero-VAT lines. With `billingCountry` (ISO 3166-1 alpha-2) each line’s `vatRateBps` is that Member State’s standard rate today, 0 outside the EU; without it, the shop’s own rate (docs/vat.md). An unusable coupon answers `coupon.valid: false` with a `reason`, not an error. A request carrying a `couponCode` also counts against the coupon-guess limit (`coupon`, per user and per client address); one without counts only against the caller’s own summaries, so guesses from a shared address never stop others checking out.',
        body: CartSummaryRequestSchema,
        response: { status: 200, description: 'The summary', schema: CartSummarySchema },
        limit: { name: 'cartSummary', per: [byUser] },
      },
      async (c) => {
        const body = c.req.valid('json');
        if (body.couponCode) limit.count(c, 'coupon', byUser, byAddress);
        return c.json(await service.summary(currentUser(c).uid, body));
      },
    );

/** The spec's `POST /api/user/cart/updateCartProducts`: the caller's lines, replaced whole. */
export const userCartRoutes = (service: CartService) =>
  routes('/user/cart', { tag: 'user', access: 'user', verifiedEmail: true }).post(
    '/updateCartProducts',
    {
      summary: 'Replace the lines of the caller’s cart',
      description: 'Lines of unknown products are dropped; out-of-stock lines stay at quantity 0.',
      body: UpdateCartProductsRequestSchema,
      response: {
        status: 200,
        description: '`success` and the cart as saved',
        schema: UpdateCartProductsResultSchema,
      },
      errors: [409],
    },
    async (c) => {
      const { products, country } = c.req.valid('json');
      const updatedResult = await service.replace(currentUser(c).uid, products, country);
      return c.json({ success: true, updatedResult });
    },
  );
