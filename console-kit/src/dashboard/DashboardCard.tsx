import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PeriodPicker } from './PeriodPicker.tsx';
import { useDashboard } from './use-dashboard.ts';

/**
 * A dashboard card over a period the user picks (30 days first): loads `url?days=N`, parses it
 * with the shared schema, and draws `children(figures)` once they are in.
 */
export function DashboardCard<T>(props: {
  title: string;
  url: string;
  schema: { parse(json: unknown): T };
  children: (figures: T) => ReactNode;
}) {
  const translate = useTranslate();
  const [days, setDays] = useState(30);
  const state = useDashboard(props.url, props.schema, days);
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={props.title} action={<PeriodPicker days={days} onChange={setDays} />} />
      <CardContent>
        {state.status === 'failed' ? (
          <Typography color="error">{translate('app.dashboard.load_failed')}</Typography>
        ) : state.status === 'loading' ? (
          <Typography color="text.secondary">{translate('app.dashboard.loading')}</Typography>
        ) : (
          props.children(state.data)
        )}
      </CardContent>
    </Card>
  );
}
