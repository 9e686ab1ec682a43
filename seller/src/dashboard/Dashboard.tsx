import {
  APPLICANT_PERMISSION,
  ConsoleDashboard,
  WorkQueues,
  type WorkQueueLink,
} from '@market/console-kit';
import { SellerWorkSchema } from '@market/shared';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { ApplicationStatus } from '../application/ApplicationStatus.tsx';
import { BalanceCard } from '../sales/BalanceCard.tsx';
import { SalesOverview } from './SalesOverview.tsx';

/** The server's counts of what waits for the seller (dashboards module). */
export const SELLER_WORK_URL = '/api/seller/dashboard/work';

/** An offer with this many keys or fewer runs low (the server's `LOW_STOCK_UNITS`). */
const LOW_STOCK_UNITS = 3;

/** What waits for the seller, each opening its list on exactly those items, oldest first. */
export const SELLER_QUEUES: readonly WorkQueueLink[] = [
  {
    key: 'openClaims',
    resource: 'claims',
    filter: { status: 'open' },
    sort: 'createdAt',
    dated: 'deadline',
  },
  {
    key: 'outOfStock',
    resource: 'offers',
    filter: { status: 'active', stockAtMost: 0 },
    sort: 'createdAt',
  },
  {
    key: 'lowStock',
    resource: 'offers',
    filter: { status: 'active', stockAtLeast: 1, stockAtMost: LOW_STOCK_UNITS },
    sort: 'createdAt',
  },
];

/** The API reference page (served by the server, outside the console's routes). */
export const API_DOCS_URL = '/api/docs';

/** Points sellers who integrate their own systems to the API reference. */
function ApiReferenceCard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography gutterBottom>{translate('app.dashboard.api.intro')}</Typography>
        <Button href={API_DOCS_URL} target="_blank" rel="noopener" variant="outlined">
          {translate('app.dashboard.api.link')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Seller home: greets the signed-in seller by email, opens on the work waiting, shows
 * what the marketplace owes them and charts their sales. An applicant (not approved, or no longer) sees the status of
 * their application instead.
 */
export function Dashboard() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions === APPLICANT_PERMISSION) return <ApplicationStatus />;
  return (
    <>
      <ConsoleDashboard>
        <WorkQueues url={SELLER_WORK_URL} schema={SellerWorkSchema} queues={SELLER_QUEUES} />
      </ConsoleDashboard>
      <BalanceCard />
      <SalesOverview />
      <ApiReferenceCard />
    </>
  );
}
