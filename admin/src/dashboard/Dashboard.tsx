import { ConsoleDashboard } from '@market/console-kit';

/** What the admin console holds, in the order of `app.dashboard.sections`. */
export const ADMIN_SECTIONS = [
  'categories',
  'sellers',
  'products',
  'orders',
  'users',
  'outbox',
] as const;

/** Admin home: greets the signed-in admin by email and lists what the console is for. */
export function Dashboard() {
  return <ConsoleDashboard sections={ADMIN_SECTIONS} />;
}
