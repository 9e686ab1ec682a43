import {
  ORDER_STATUSES,
  type AdminDashboard,
  type AdminWork,
  type SellerWork,
  type CentsByCurrency,
  type DashboardDay,
  type DashboardRanked,
  type SellerDashboard,
} from '@market/shared';
import type { DashboardRepository, GroupRow } from './dashboards.repository.ts';

const DAY_MS = 86_400_000;
/** Rows in the top products and top sellers lists. */
const TOP = 5;
/** An offer on sale with this many units or fewer is running low. */
export const LOW_STOCK_UNITS = 3;
const LOW_STOCK_ROWS = 10;

const noCents = (): CentsByCurrency => ({ eur: 0, usd: 0, gbp: 0 });
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The period's first instant: midnight UTC `days − 1` days before today. */
export function periodStart(days: number, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Every day of the period, oldest first, with what was sold that day (zeros when nothing). */
function dayByDay(rows: GroupRow[], from: Date, days: number): DashboardDay[] {
  const out = Array.from({ length: days }, (_, i) => ({
    day: isoDay(new Date(from.getTime() + i * DAY_MS)),
    revenue: noCents(),
    orders: 0,
    units: 0,
  }));
  const byDay = new Map(out.map((d) => [d.day, d]));
  for (const row of rows) {
    const day = byDay.get(String(row._id.key));
    if (!day) continue; // placed at the period's edge in another clock: not this period
    day.revenue[row._id.currency] += row.revenue;
    day.orders += row.orders;
    day.units += row.units;
  }
  return out;
}

/**
 * The best sellers of a grouping (products, shops), by units sold across currencies (money in
 * three currencies does not add up without rates), then by euros.
 */
function ranked(rows: GroupRow[], names: Map<string, string>): DashboardRanked[] {
  const byId = new Map<string, DashboardRanked>();
  for (const row of rows) {
    const id = String(row._id.key);
    const entry = byId.get(id) ?? {
      id,
      name: names.get(id) ?? row.name ?? id,
      units: 0,
      revenue: noCents(),
    };
    entry.units += row.units;
    entry.revenue[row._id.currency] += row.revenue;
    byId.set(id, entry);
  }
  return [...byId.values()]
    .sort((a, b) => b.units - a.units || b.revenue.eur - a.revenue.eur)
    .slice(0, TOP);
}

/** The top rows' ids, for their names. */
const topIds = (rows: GroupRow[]) => [...new Set(rows.map((r) => String(r._id.key)))];

/**
 * The admin's and the sellers' dashboards: revenue per currency per day, orders by status,
 * conversion from page views, the best products and shops, and what waits for someone.
 */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  clock?: () => Date;
  /** Supplier connections whose breaker is open now (in-process state, from the suppliers). */
  openBreakers?: () => number;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());

  const { openBreakers = () => 0 } = deps;

  return {
    /**
     * What needs an admin now, each queue a count and its oldest item (the earliest deadline
     * for claims): one cheap call the console's home makes on every visit.
     */
    async adminWork(): Promise<AdminWork> {
      const [ordersInReview, escalatedClaims, sellerApplications, pendingReviews] =
        await Promise.all([
          repo.queue('orders', { status: 'review' }, 'createdAt'),
          repo.queue('claims', { status: 'escalated' }, 'respondBy'),
          repo.queue('sellers', { status: 'pending' }, 'createdAt'),
          repo.queue('reviews', { status: 'pending' }, 'createdAt'),
        ]);
      const [failedPayouts, failedMails] = await Promise.all([
        repo.queue('payouts', { status: 'failed' }, 'updatedAt'),
        repo.queue('outbox', { delivery: 'failed' }, 'nextAttemptAt'),
      ]);
      return {
        ordersInReview,
        escalatedClaims,
        sellerApplications,
        pendingReviews,
        // In-process state of this instance's supplier connections: no date to show.
        openBreakers: { count: openBreakers(), oldestAt: null },
        failedPayouts,
        failedMails,
      };
    },

    /** What needs the seller now: claims to answer (deadline first), offers out of or low on keys. */
    async sellerWork(sellerId: string): Promise<SellerWork> {
      const [openClaims, outOfStock, lowStock] = await Promise.all([
        repo.queue('claims', { sellerId, status: 'open' }, 'respondBy'),
        repo.queue('offers', { sellerId, status: 'active', stock: 0 }, 'updatedAt'),
        repo.queue(
          'offers',
          { sellerId, status: 'active', stock: { $gt: 0, $lte: LOW_STOCK_UNITS } },
          'updatedAt',
        ),
      ]);
      return { openClaims, outOfStock, lowStock };
    },

    async admin(days: number): Promise<AdminDashboard> {
      const from = periodStart(days, now());
      const [perDay, perProduct, perSeller, statuses, pageViews, waiting] = await Promise.all([
        repo.salesPerDay(from),
        repo.salesPerProduct(from),
        repo.salesPerSeller(from),
        repo.ordersByStatus(from),
        repo.pageViews(from),
        repo.waiting(),
      ]);
      const [productNames, sellerNames] = await Promise.all([
        repo.productNames(topIds(perProduct)),
        repo.sellerNames(topIds(perSeller)),
      ]);
      const count = new Map(statuses.map((s) => [s._id, s.count]));
      const orders = statuses.reduce((sum, s) => sum + s.count, 0);
      const delivered = count.get('approved') ?? 0;
      return {
        days,
        perDay: dayByDay(perDay, from, days),
        ordersByStatus: ORDER_STATUSES.filter((s) => count.has(s)).map((status) => ({
          status,
          count: count.get(status)!,
        })),
        conversion: {
          pageViews,
          orders,
          delivered,
          ratePer100: pageViews ? Math.round((delivered / pageViews) * 10_000) / 100 : null,
        },
        topProducts: ranked(perProduct, productNames),
        topSellers: ranked(perSeller, sellerNames),
        waiting,
      };
    },

    async seller(sellerId: string, days: number): Promise<SellerDashboard> {
      const from = periodStart(days, now());
      const [perDay, perProduct, low] = await Promise.all([
        repo.salesPerDay(from, sellerId),
        repo.salesPerProduct(from, sellerId),
        repo.lowStock(sellerId, LOW_STOCK_UNITS, LOW_STOCK_ROWS),
      ]);
      const names = await repo.productNames([
        ...topIds(perProduct),
        ...low.map((o) => o.productId.toHexString()),
      ]);
      return {
        days,
        perDay: dayByDay(perDay, from, days),
        topProducts: ranked(perProduct, names),
        lowStock: low.map((o) => ({
          offerId: o._id.toHexString(),
          productId: o.productId.toHexString(),
          name: names.get(o.productId.toHexString()) ?? o.productId.toHexString(),
          stock: o.stock,
        })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
