import { ConsoleDashboard, WorkQueues, type WorkQueueLink } from '@market/console-kit';
import { AdminWorkSchema } from '@market/shared';
import { OrderFigures } from './OrderFigures.tsx';
import { SalesOverview } from './SalesOverview.tsx';

/** The server's counts of what waits for an admin (dashboards module). */
export const ADMIN_WORK_URL = '/api/admin/dashboard/work';

/**
 * What waits for an admin, each opening its list on exactly those items, oldest (or the
 * earliest deadline) first. The lists' own filters and sorts: the server accepts each.
 */
export const ADMIN_QUEUES: readonly WorkQueueLink[] = [
  {
    key: 'ordersInReview',
    resource: 'orders',
    filter: { status: 'review' },
    sort: 'createdAt',
    dated: 'oldest',
  },
  {
    key: 'escalatedClaims',
    resource: 'claims',
    filter: { status: 'escalated' },
    sort: 'createdAt',
    dated: 'deadline',
  },
  {
    key: 'sellerApplications',
    resource: 'sellers',
    filter: { status: 'pending' },
    sort: 'createdAt',
    dated: 'oldest',
  },
  {
    key: 'pendingReviews',
    resource: 'reviews',
    filter: { status: 'pending' },
    sort: 'createdAt',
    dated: 'oldest',
  },
  { key: 'openBreakers', resource: 'suppliers' },
  {
    key: 'failedPayouts',
    resource: 'payouts',
    filter: { status: 'failed' },
    sort: 'createdAt',
    dated: 'oldest',
  },
  {
    key: 'failedMails',
    resource: 'outbox',
    filter: { delivery: 'failed' },
    sort: 'createdAt',
    dated: 'oldest',
  },
];

/**
 * Admin home: greets the signed-in admin, opens on the work waiting (each queue a count linking
 * to its list), then today's order figures and the period's sales.
 */
export function Dashboard() {
  return (
    <>
      <ConsoleDashboard>
        <WorkQueues url={ADMIN_WORK_URL} schema={AdminWorkSchema} queues={ADMIN_QUEUES} />
      </ConsoleDashboard>
      <OrderFigures />
      <SalesOverview />
    </>
  );
}
