import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { startOfDay } from '../orders/order-filters.tsx';

/** Today as the date input writes it, in the admin's own time zone. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** How many orders match `filter`: one row is fetched, the list's total is the answer. */
function useOrderCount(filter: Record<string, unknown>) {
  const { total } = useGetList('orders', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter,
  });
  return total;
}

function Figure({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  const translate = useTranslate();
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="h5" component="p">
        <LinkBase to={to}>{value ?? '—'}</LinkBase>
      </Typography>
    </Stack>
  );
}

/**
 * Orders placed today, orders waiting in the review queue and charged-back orders, each linking
 * to its list.
 */
export function OrderFigures() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const todayFilter = { createdFrom: startOfDay(today()) };
  const placedToday = useOrderCount(todayFilter);
  const inReview = useOrderCount({ status: 'review' });
  // Money the buyer's bank took back: a person looks at the order and its blocklist entries.
  const chargedBackFilter = { status: 'charged_back' };
  const chargedBack = useOrderCount(chargedBackFilter);
  const ordersPath = createPath({ resource: 'orders', type: 'list' });
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.dashboard.figures.title')} />
      <CardContent>
        <Stack direction="row" spacing={6} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure
            label="app.dashboard.figures.orders_today"
            value={placedToday}
            to={`${ordersPath}?filter=${encodeURIComponent(JSON.stringify(todayFilter))}`}
          />
          <Figure
            label="app.dashboard.figures.in_review"
            value={inReview}
            to={createPath({ resource: 'review-queue', type: 'list' })}
          />
          <Figure
            label="app.dashboard.figures.charged_back"
            value={chargedBack}
            to={`${ordersPath}?filter=${encodeURIComponent(JSON.stringify(chargedBackFilter))}`}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
