import { z } from 'zod';
import { OrderStatusSchema } from '../constants/order-status.ts';

/**
 * The consoles' dashboards (`GET /api/admin/dashboard`, `GET /api/seller/dashboard`): figures
 * aggregated on the server over the last `days` days (UTC), one request per dashboard.
 */

export const DASHBOARD_PERIODS = [7, 30, 90] as const;

export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (DASHBOARD_PERIODS as readonly number[]).includes(d), 'Must be 7, 30 or 90')
    .default(30),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** Integer cents per currency. */
const CentsByCurrencySchema = z.object({
  eur: z.number().int(),
  usd: z.number().int(),
  gbp: z.number().int(),
});
export type CentsByCurrency = z.infer<typeof CentsByCurrencySchema>;

/** One day (UTC, `YYYY-MM-DD`): revenue per currency and units sold. Every day of the period. */
const DaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  revenue: CentsByCurrencySchema,
  orders: z.number().int(),
  units: z.number().int(),
});
export type DashboardDay = z.infer<typeof DaySchema>;

const RankedSchema = z.object({
  id: z.string(),
  name: z.string(),
  units: z.number().int(),
  revenue: CentsByCurrencySchema,
});
export type DashboardRanked = z.infer<typeof RankedSchema>;

export const AdminDashboardSchema = z.object({
  days: z.number().int(),
  /** Delivered orders, by the day they were placed, less what was refunded of them. */
  perDay: z.array(DaySchema),
  /** Orders placed in the period, by their status now. */
  ordersByStatus: z.array(z.object({ status: OrderStatusSchema, count: z.number().int() })),
  /** Storefront page views (the `events` collection) against orders placed and delivered. */
  conversion: z.object({
    pageViews: z.number().int(),
    orders: z.number().int(),
    delivered: z.number().int(),
    /** Delivered orders per 100 page views (null without page views). */
    ratePer100: z.number().nullable(),
  }),
  topProducts: z.array(RankedSchema),
  topSellers: z.array(RankedSchema),
  /** What waits for an admin now, whatever the period. */
  waiting: z.object({
    reviewQueue: z.number().int(),
    sellerApplications: z.number().int(),
    /** Buyers' reviews waiting for moderation. */
    pendingReviews: z.number().int(),
    /** Defective-key claims a buyer or seller escalated: an admin decides. */
    escalatedClaims: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const SellerDashboardSchema = z.object({
  days: z.number().int(),
  /** The seller's delivered lines, by the day their order was placed, less their refunds. */
  perDay: z.array(DaySchema),
  topProducts: z.array(RankedSchema),
  /** The seller's offers on sale with little stock left, lowest first. */
  lowStock: z.array(
    z.object({
      offerId: z.string(),
      productId: z.string(),
      name: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type SellerDashboard = z.infer<typeof SellerDashboardSchema>;

/** One queue of work waiting for a person: how many, and since when the oldest waits. */
export const WorkQueueSchema = z.object({
  count: z.number().int().min(0),
  /** When the oldest item entered the queue (ISO), or null when none or not dated. */
  oldestAt: z.string().nullable(),
});
export type WorkQueue = z.infer<typeof WorkQueueSchema>;

/** What the admin console opens on (`GET /api/admin/dashboard/work`), in this order. */
export const ADMIN_WORK_QUEUES = [
  'ordersInReview',
  'escalatedClaims',
  'sellerApplications',
  'pendingReviews',
  'openBreakers',
  'failedPayouts',
  'failedMails',
] as const;
export type AdminWorkQueue = (typeof ADMIN_WORK_QUEUES)[number];
export const AdminWorkSchema = z.object(
  Object.fromEntries(ADMIN_WORK_QUEUES.map((k) => [k, WorkQueueSchema])) as Record<
    AdminWorkQueue,
    typeof WorkQueueSchema
  >,
);
export type AdminWork = z.infer<typeof AdminWorkSchema>;

/** What the seller console opens on (`GET /api/seller/dashboard/work`), in this order. */
export const SELLER_WORK_QUEUES = ['openClaims', 'outOfStock', 'lowStock'] as const;
export type SellerWorkQueue = (typeof SELLER_WORK_QUEUES)[number];
export const SellerWorkSchema = z.object(
  Object.fromEntries(SELLER_WORK_QUEUES.map((k) => [k, WorkQueueSchema])) as Record<
    SellerWorkQueue,
    typeof WorkQueueSchema
  >,
);
export type SellerWork = z.infer<typeof SellerWorkSchema>;

/** `GET /api/admin/lookup?q=`: the admin app bar's search. */
export const AdminLookupQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
/** An order by its number, users by email (prefix), products by name: each to open its record. */
export const AdminLookupSchema = z.object({
  orders: z.array(z.object({ id: z.string(), number: z.string(), status: z.string() })),
  users: z.array(z.object({ id: z.string(), email: z.string() })),
  products: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminLookup = z.infer<typeof AdminLookupSchema>;
