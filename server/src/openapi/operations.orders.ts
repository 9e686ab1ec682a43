import {
  AccountClaimRequestSchema,
  AdminOrderDecisionSchema,
  AdminOrderSchema,
  KeyRevealRequestSchema,
  OrderSchema,
  RevealedOrderKeySchema,
  SellerBalanceSchema,
  SellerSaleSchema,
} from '@market/shared';
import {
  AdminOrderFilterSchema,
  SellerSaleFilterSchema,
  UserOrderFilterSchema,
} from '../modules/orders/orders.routes.ts';
import { rest, type ApiOperation } from './api-operation.ts';

const user = { tag: 'user', access: 'user' } as const;
const admin = { tag: 'admin', access: 'admin' } as const;
const seller = { tag: 'seller', access: 'seller' } as const;

const decision = (action: 'approve' | 'decline' | 'cancel', summary: string, description: string) =>
  ({
    ...admin,
    method: 'post',
    path: `/api/admin/orders/{id}/${action}`,
    summary,
    description: `${description} A move the transition table does not allow answers 409, as does a decision another admin took first.`,
    body: AdminOrderDecisionSchema,
    response: { status: 200, description: 'The order as decided', schema: AdminOrderSchema },
    errors: [409],
  }) as const satisfies ApiOperation;

/** Orders: the buyer's account, the admin console's orders, the seller's sales and balance. */
export const ORDER_OPERATIONS: ApiOperation[] = [
  ...rest({
    ...user,
    path: '/api/user/orders',
    nouns: ['the caller’s orders', 'one of the caller’s orders'],
    schema: OrderSchema,
    list: {
      filter: UserOrderFilterSchema,
      description:
        'Newest first. An approved order lists its keys (ids only: the code through the reveal). Another buyer’s order answers 404.',
    },
  }),
  {
    ...user,
    method: 'post',
    path: '/api/user/orders/{id}/keys/{keyId}/reveal',
    summary: 'Reveal a key of one of the caller’s approved orders',
    description:
      'The buyer confirms that seeing the code ends their EU right of withdrawal; the first reveal is recorded. A game account is claimed instead (409).',
    body: KeyRevealRequestSchema,
    response: { status: 200, description: 'The code', schema: RevealedOrderKeySchema },
    errors: [409],
  },
  {
    ...user,
    method: 'post',
    path: '/api/user/orders/{id}/claim-account',
    summary: 'Claim a game account’s credentials (`claimAccountInfo`), once',
    description: 'A second claim of the same account answers 409.',
    body: AccountClaimRequestSchema,
    response: { status: 200, description: 'The credentials', schema: RevealedOrderKeySchema },
    errors: [409],
  },
  ...rest({
    ...admin,
    path: '/api/admin/orders',
    nouns: ['every order', 'an order'],
    schema: AdminOrderSchema,
    list: {
      filter: AdminOrderFilterSchema,
      description:
        'With payment and decisions. Newest first unless `sort` names `createdAt`, `status`, `number` or `totals.total`. `createdFrom` / `createdTo` are ISO instants.',
    },
  }),
  decision(
    'approve',
    'Approve an order held for review, or re-approve a declined one',
    'Keys are delivered at once; a declined order’s keys are reserved again first (409 when sold out). A decline whose captured payment went back to the buyer is not approved again (409).',
  ),
  decision(
    'decline',
    'Decline an order held for review',
    'The reason picks declined, declined_fraud or declined_business; the keys go back to stock and a captured payment is refunded in full (the answer shows `refundedCents`).',
  ),
  decision(
    'cancel',
    'Cancel an unpaid or held order',
    'Recorded as “Cancelled by Admin, manual execution”; the keys go back to stock and a captured payment is refunded in full.',
  ),
  ...rest({
    ...seller,
    path: '/api/seller/sales',
    nouns: ['the caller’s order lines', 'an order line'],
    schema: SellerSaleSchema,
    list: { filter: SellerSaleFilterSchema, description: 'Newest first; never the buyer.' },
  }).filter((op) => op.path === '/api/seller/sales'),
  {
    ...seller,
    method: 'get',
    path: '/api/seller/balance',
    summary: 'What the marketplace owes the caller, in cents per currency',
    response: { status: 200, description: 'The balance', schema: SellerBalanceSchema },
  },
];
