import { ConsoleDashboard } from '@market/console-kit';

/** What the seller console holds, in the order of `app.dashboard.sections`. */
export const SELLER_SECTIONS = ['categories', 'offers', 'orders', 'payouts'] as const;

/** Seller home: greets the signed-in seller by email and lists what the console is for. */
export function Dashboard() {
  return <ConsoleDashboard sections={SELLER_SECTIONS} />;
}
