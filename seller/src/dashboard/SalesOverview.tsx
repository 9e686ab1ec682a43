import { Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import { DashboardCard, RankedTable, SalesCharts } from '@market/console-kit';
import { SellerDashboardSchema, type SellerDashboard } from '@market/shared';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';

export const SELLER_DASHBOARD_URL = '/api/seller/dashboard';

/** The seller's offers on sale with few units left, each opening the offer. */
function LowStock({ offers }: { offers: SellerDashboard['lowStock'] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!offers.length) {
    return (
      <Typography color="text.secondary">{translate('app.sales_overview.stock_ok')}</Typography>
    );
  }
  return (
    <List dense aria-label={translate('app.sales_overview.low_stock')}>
      {offers.map((o) => (
        <ListItem key={o.offerId} disableGutters>
          <ListItemText
            primary={
              <LinkBase to={createPath({ resource: 'offers', type: 'edit', id: o.offerId })}>
                {o.name}
              </LinkBase>
            }
            secondary={translate('app.sales_overview.units_left', { smart_count: o.stock })}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The seller's sales over the last 7, 30 or 90 days, best products and offers running low. */
export function SalesOverview() {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('app.sales_overview.title')}
      url={SELLER_DASHBOARD_URL}
      schema={SellerDashboardSchema}
    >
      {(data) => (
        <>
          <SalesCharts perDay={data.perDay} />
          <Grid container spacing={3} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Typography variant="subtitle1">
                {translate('app.sales_overview.top_products')}
              </Typography>
              <RankedTable
                rows={data.topProducts}
                label={translate('app.sales_overview.product')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Typography variant="subtitle1">
                {translate('app.sales_overview.low_stock')}
              </Typography>
              <LowStock offers={data.lowStock} />
            </Grid>
          </Grid>
        </>
      )}
    </DashboardCard>
  );
}
