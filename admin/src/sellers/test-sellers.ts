import type { Seller } from '@market/shared';

/** A pending application as `GET /api/admin/sellers/:id` answers it. */
export const PENDING_SELLER: Seller = {
  id: 'pixel-keys-1a2b3c',
  uid: 'uid-shop',
  email: 'shop@example.com',
  name: 'Pixel Keys',
  registrationName: 'Pixel Keys S.r.l.',
  vatNumber: 'IT01234567890',
  image: null,
  status: 'pending',
  statusReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  rating: { average: 0, count: 0 },
};
