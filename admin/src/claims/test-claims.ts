import type { AdminClaim } from '@market/shared';

/** An escalated claim as the admin API answers it. */
export const ESCALATED_CLAIM: AdminClaim = {
  id: '0123456789abcdef0123c1a1',
  orderId: '0123456789abcdef01230043',
  orderNumber: '000043',
  itemId: '0123456789abcdef0123e001',
  keyId: '0123456789abcdef0123f001',
  offerId: '0123456789abcdef0123a001',
  productId: '0123456789abcdef0123b001',
  sellerId: 'pixel-keys',
  name: 'Stellar Drift',
  quantity: 1,
  unitPriceCents: 1799,
  currency: 'eur',
  reason: 'already_used',
  details: 'The launcher says redeemed',
  status: 'escalated',
  respondBy: '2030-01-03T10:00:00.000Z',
  replacementKeyId: null,
  history: [
    {
      from: null,
      to: 'open',
      actor: 'buyer',
      actorUid: 'buyer-1',
      note: 'The launcher says redeemed',
      at: '2030-01-01T10:00:00.000Z',
    },
    {
      from: 'open',
      to: 'escalated',
      actor: 'seller',
      actorUid: 'seller-1',
      note: 'Works for us',
      at: '2030-01-01T12:00:00.000Z',
    },
  ],
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T12:00:00.000Z',
  userId: 'buyer-1',
  email: 'bea@example.com',
};
