import { Grid, Stack, Typography } from '@mui/material';
import { DashboardCard, RankedTable, SalesCharts, StatusChart } from '@market/console-kit';
import { AdminDashboardSchema, type AdminDashboard } from '@market/shared';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';

export const ADMIN_DASHBOARD_URL = '/api/admin/dashboard';

function Figure({ label, value, to }: { label: string; value: string | number; to?: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {to ? <LinkBase to={to}>{value}</LinkBase> : value}
      </Typography>
    </Stack>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { conversion, waiting } = data;
  const pending = encodeURIComponent(JSON.stringify({ status: 'pending' }));
  const escalated = encodeURIComponent(JSON.stringify({ status: 'escalated' }));
  return (
    <Stack direction="row" spacing={6} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <Figure label={translate('app.dashboard.sales.page_views')} value={conversion.pageViews} />
      <Figure label={translate('app.dashboard.sales.orders')} value={conversion.orders} />
      <Figure label={translate('app.dashboard.sales.delivered')} value={conversion.delivered} />
      <Figure
        label={translate('app.dashboard.sales.conversion')}
        value={conversion.ratePer100 === null ? '—' : `${conversion.ratePer100} %`}
      />
      <Figure
        label={translate('app.dashboard.sales.applications')}
        value={waiting.sellerApplications}
        to={`${createPath({ resource: 'sellers', type: 'list' })}?filter=${pending}`}
      />
      <Figure
        label={translate('app.dashboard.sales.pending_reviews')}
        value={waiting.pendingReviews}
        to={`${createPath({ resource: 'reviews', type: 'list' })}?filter=${pending}`}
      />
      <Figure
        label={translate('app.dashboard.sales.escalated_claims')}
        value={waiting.escalatedClaims}
        to={`${createPath({ resource: 'claims', type: 'list' })}?filter=${escalated}`}
      />
    </Stack>
  );
}

/**
 * The marketplace's sales over the last 7, 30 or 90 days, aggregated by the server: figures
 * (page views to delivered orders), revenue and orders per day, orders by status, the best
 * products and shops.
 */
export function SalesOverview() {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('app.dashboard.sales.title')}
      url={ADMIN_DASHBOARD_URL}
      schema={AdminDashboardSchema}
    >
      {(data) => (
        <>
          <Figures data={data} />
          <SalesCharts perDay={data.perDay} />
          <Grid container spacing={3} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle1">
                {translate('app.dashboard.sales.top_products')}
              </Typography>
              <RankedTable
                rows={data.topProducts}
                label={translate('app.dashboard.sales.product')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle1">
                {translate('app.dashboard.sales.top_sellers')}
              </Typography>
              <RankedTable rows={data.topSellers} label={translate('app.dashboard.sales.seller')} />
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle1">
                {translate('app.dashboard.sales.by_status')}
              </Typography>
              <StatusChart
                counts={data.ordersByStatus.map((s) => ({
                  label: translate(`resources.orders.statuses.${s.status}`),
                  count: s.count,
                }))}
              />
            </Grid>
          </Grid>
        </>
      )}
    </DashboardCard>
  );
}
