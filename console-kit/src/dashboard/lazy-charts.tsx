import { Skeleton } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The charts as the dashboards use them: the charting library is fetched when a dashboard first
 * draws one, never with the console's first load (it weighs more than the rest of a dashboard).
 */

const LazySales = lazy(() => import('./charts.tsx').then((m) => ({ default: m.SalesCharts })));
const LazyStatus = lazy(() => import('./charts.tsx').then((m) => ({ default: m.StatusChart })));

type SalesProps = ComponentProps<typeof LazySales>;
type StatusProps = ComponentProps<typeof LazyStatus>;

export function SalesCharts(props: SalesProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={520} />}>
      <LazySales {...props} />
    </Suspense>
  );
}

export function StatusChart(props: StatusProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
      <LazyStatus {...props} />
    </Suspense>
  );
}
