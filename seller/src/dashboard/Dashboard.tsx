import { APPLICANT_PERMISSION, ConsoleDashboard } from '@market/console-kit';
import { usePermissions } from 'react-admin';
import { ApplicationStatus } from '../application/ApplicationStatus.tsx';

/** What the seller console holds, in the order of `app.dashboard.sections`. */
export const SELLER_SECTIONS = ['categories', 'offers', 'orders', 'payouts'] as const;

/**
 * Seller home: greets the signed-in seller by email and lists what the console is for. An
 * applicant (not approved, or no longer) sees the status of their application instead.
 */
export function Dashboard() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions === APPLICANT_PERMISSION) return <ApplicationStatus />;
  return <ConsoleDashboard sections={SELLER_SECTIONS} />;
}
