import { ConsoleDashboard } from '@market/console-kit';
import { OrderFigures } from './OrderFigures.tsx';
import { SalesOverview } from './SalesOverview.tsx';

/** What the admin console holds, in the order of `app.dashboard.sections`. */
export const ADMIN_SECTIONS = [
  'categories',
  'sellers',
  'products',
  'orders',
  'users',
  'outbox',
] as const;

/**
 * Admin home: greets the signed-in admin by email, lists what the console is for, counts
 * today's orders and those waiting for review, and charts the period's sales.
 */
export function Dashboard() {
  return (
    <>
      <ConsoleDashboard sections={ADMIN_SECTIONS} />
      <OrderFigures />
      <SalesOverview />
    </>
  );
}
