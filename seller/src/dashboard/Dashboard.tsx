import { APPLICANT_PERMISSION, ConsoleDashboard } from '@market/console-kit';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { ApplicationStatus } from '../application/ApplicationStatus.tsx';
import { BalanceCard } from '../sales/BalanceCard.tsx';
import { SalesOverview } from './SalesOverview.tsx';

/** What the seller console holds, in the order of `app.dashboard.sections`. */
export const SELLER_SECTIONS = ['categories', 'offers', 'orders', 'payouts'] as const;

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
 * Seller home: greets the signed-in seller by email, lists what the console is for, shows
 * what the marketplace owes them and charts their sales. An applicant (not approved, or no longer) sees the status of
 * their application instead.
 */
export function Dashboard() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions === APPLICANT_PERMISSION) return <ApplicationStatus />;
  return (
    <>
      <ConsoleDashboard sections={SELLER_SECTIONS} />
      <BalanceCard />
      <SalesOverview />
      <ApiReferenceCard />
    </>
  );
}
