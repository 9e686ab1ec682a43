import type { AdminOrder, Refund } from '@market/shared';

/** A paid order held for review, as `GET /api/admin/orders/:id` answers it. */
export const REVIEW_ORDER: AdminOrder = {
  id: '0123456789abcdef0123aaaa',
  number: '000042',
  items: [
    {
      id: '0123456789abcdef0123bbb1',
      offerId: '0123456789abcdef0123ccc1',
      productId: '0123456789abcdef0123ddd1',
      sellerId: 'pixel-keys-1a2b3c',
      name: 'Space Miner',
      categoryId: 'games',
      quantity: 2,
      unitPriceCents: 1999,
      zeroVat: false,
      vatRateBps: 2200,
      deliveredCount: 0,
      refundedCents: 0,
      keys: [],
      // A ROW key the Italian buyer confirmed buying (docs/regions.md).
      regionConfirmed: { country: 'IT', at: '2026-03-02T09:29:00.000Z' },
    },
  ],
  currency: 'eur',
  totals: { subtotal: 3998, discount: 400, vat: 649, total: 3598 },
  couponCode: 'SPRING10',
  status: 'review',
  reservationExpiresAt: null,
  accountPurchaseConfirmedAt: null,
  refundedCents: 0,
  createdAt: '2026-03-02T09:30:00.000Z',
  userId: 'uid-ada',
  email: 'ada@example.com',
  payment: {
    provider: 'paypal',
    providerRef: 'PP-7XK2',
    captureId: 'CAP-991',
    status: 'captured',
    amountCents: 3598,
  },
  decisions: [
    {
      status: 'review',
      reason: 'Held for manual review: amount',
      actor: 'System',
      actorUid: null,
      at: '2026-03-02T09:31:00.000Z',
    },
  ],
  attribution: {
    awc: '1234_abcd',
    source: 'awin',
    channel: 'aw',
    referrer: null,
    discountCode: 'SPRING10',
  },
  ip: '203.0.113.5',
};

/** The same order once approved and delivered. */
export const APPROVED_ORDER: AdminOrder = {
  ...REVIEW_ORDER,
  id: '0123456789abcdef0123eeee',
  number: '000043',
  status: 'approved',
  items: REVIEW_ORDER.items.map((item) => ({
    ...item,
    deliveredCount: 2,
    keys: [
      { id: 'k1', status: 'sold', revealedAt: null },
      { id: 'k2', status: 'sold', revealedAt: null },
    ],
  })),
  decisions: [
    ...REVIEW_ORDER.decisions,
    {
      status: 'approved',
      reason: 'Approved by Admin, manual review',
      actor: 'Admin',
      actorUid: 'uid-boss',
      at: '2026-03-02T10:00:00.000Z',
    },
  ],
};

/** A completed refund of the approved order's line. */
export const LINE_REFUND: Refund = {
  id: '0123456789abcdef0123ffff',
  orderId: APPROVED_ORDER.id,
  orderNumber: APPROVED_ORDER.number,
  itemId: APPROVED_ORDER.items[0]!.id,
  amountCents: 3598,
  currency: 'eur',
  reason: 'Ticket 881: keys did not work',
  status: 'completed',
  providerRefundId: 'RF-55',
  actorUid: 'uid-boss',
  createdAt: '2026-03-03T08:00:00.000Z',
};
