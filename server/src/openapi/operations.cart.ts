import {
  AddToCartRequestSchema,
  CartSchema,
  CartSummaryRequestSchema,
  CartSummarySchema,
  CouponSchema,
  CouponVerifyRequestSchema,
  CouponVerifyResultSchema,
  CouponWriteSchema,
  UpdateCartProductsRequestSchema,
  UpdateCartProductsResultSchema,
} from '@market/shared';
import { CouponFilterSchema } from '../modules/coupons/coupons.routes.ts';
import { rest, type ApiOperation } from './api-operation.ts';

const user = { tag: 'user', access: 'user' } as const;

/** The cart (spec section 7's `cart/*` calls) and coupons: the buyer's calls and the admin's resource. */
export const CART_OPERATIONS: ApiOperation[] = [
  {
    ...user,
    method: 'get',
    path: '/api/cart/get',
    summary: 'The caller’s cart, priced again',
    description:
      'Prices, names and VAT classes come from the live offers. A line whose offer sells nothing now (no keys, paused, hidden) is saved at quantity 0 with `outOfStock: true`. Guests keep a local cart and never call this.',
    response: { status: 200, description: 'The cart', schema: CartSchema },
  },
  {
    ...user,
    method: 'post',
    path: '/api/cart/addToCart',
    summary: 'Add lines to the caller’s cart (also merges a guest cart on sign-in)',
    description:
      'A line already in the cart gets the units (at most 99, never more than the offer’s keys); quantity 0 counts as 1. A client-sent price, name or VAT flag is ignored. The same `transactionId` again changes nothing. 404 when no line names a known product.',
    body: AddToCartRequestSchema,
    response: { status: 200, description: 'The cart', schema: CartSchema },
    errors: [404, 409],
  },
  {
    ...user,
    method: 'post',
    path: '/api/user/cart/updateCartProducts',
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
  {
    ...user,
    method: 'post',
    path: '/api/cart/updateCartSummary',
    summary: 'What lines cost now: subtotal, coupon discount, VAT included, total',
    description:
      'Prices are gross (VAT included); `vatIncludedCents` is the VAT they hold after the discount, none on zero-VAT lines. An unusable coupon answers `coupon.valid: false` with a `reason`, not an error.',
    body: CartSummaryRequestSchema,
    response: { status: 200, description: 'The summary', schema: CartSummarySchema },
  },
  {
    ...user,
    method: 'post',
    path: '/api/user/coupons/verify',
    summary: 'Whether a coupon applies to these lines, and what it takes off',
    description:
      'Lines are priced by the server in `currency` (default: the first line’s). Not valid: `reason` says why (`unknown`, `expired`, `used_up`, `user_limit`, `minimum_not_reached`, `not_applicable` …). Uses are counted when an order is placed.',
    body: CouponVerifyRequestSchema,
    response: { status: 200, description: 'The check', schema: CouponVerifyResultSchema },
  },
  ...rest({
    tag: 'admin',
    access: 'admin',
    path: '/api/admin/coupons',
    nouns: ['coupons', 'a coupon'],
    schema: CouponSchema,
    list: {
      filter: CouponFilterSchema,
      description:
        '`q` matches part of the code. Newest first unless `sort` names `code`, `createdAt`, `usedCount`, `validUntil`, `active` or `kind`.',
    },
    create: {
      body: CouponWriteSchema,
      description: 'Codes are unique case-insensitively: 409 on `code` when taken.',
      errors: [409],
    },
    update: { body: CouponWriteSchema, errors: [409] },
    remove: {},
  }),
];
