import {
  AdminDashboardSchema,
  AdminLookupQuerySchema,
  AdminLookupSchema,
  AdminWorkSchema,
  DashboardQuerySchema,
  SellerDashboardSchema,
  SellerWorkSchema,
} from '@market/shared';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { DashboardService } from './dashboards.service.ts';
import type { AdminLookupFn } from './lookup.ts';

/** `GET /api/admin/dashboard?days=30`: the admin console's home, aggregated on the server. */
export const adminDashboardRoutes = (service: DashboardService) =>
  routes('/admin/dashboard', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      {
        summary: 'Revenue, orders, conversion, best sellers and queues over the last days',
        query: DashboardQuerySchema,
        response: { status: 200, description: 'The figures', schema: AdminDashboardSchema },
      },
      async (c) => c.json(await service.admin(c.req.valid('query').days)),
    )
    .get(
      '/work',
      {
        summary: 'What waits for an admin now',
        description:
          'Each queue (orders in review, escalated claims, seller applications, reviews to moderate, supplier connections whose breaker is open, failed payouts and mails) as a count and its oldest item’s instant (claims: the earliest deadline). Indexed counts: cheap enough for every visit of the console’s home.',
        response: { status: 200, description: 'The queues', schema: AdminWorkSchema },
      },
      async (c) => c.json(await service.adminWork()),
    );

/** `GET /api/seller/dashboard?days=30`: the seller console's home. */
export const sellerDashboardRoutes = (service: DashboardService) =>
  routes('/seller/dashboard', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      {
        summary: "The caller's sales per day, best products and offers running low",
        query: DashboardQuerySchema,
        response: { status: 200, description: 'The figures', schema: SellerDashboardSchema },
      },
      async (c) =>
        c.json(await service.seller(currentUser(c).sellerId!, c.req.valid('query').days)),
    )
    .get(
      '/work',
      {
        summary: 'What waits for the caller now',
        description:
          'Claims to answer (oldest `oldestAt`: the earliest deadline), offers on sale out of keys, and offers with a few keys left, each a count.',
        response: { status: 200, description: 'The queues', schema: SellerWorkSchema },
      },
      async (c) => c.json(await service.sellerWork(currentUser(c).sellerId!)),
    );

/** `GET /api/admin/lookup?q=`: the admin console's app-bar search (orders, users, products). */
export const adminLookupRoutes = (lookup: AdminLookupFn) =>
  routes('/admin/lookup', { tag: 'admin', access: 'admin' }).get(
    '/',
    {
      summary: 'Find an order by number, users by email, products by name',
      description:
        'An order whose number is `q` (a leading `#` ignored); up to five users whose email starts with `q` (three characters or more); up to five products whose name matches `q` in the catalogue search (typos forgiven).',
      query: AdminLookupQuerySchema,
      response: { status: 200, description: 'What was found', schema: AdminLookupSchema },
    },
    async (c) => c.json(await lookup(c.req.valid('query').q)),
  );
