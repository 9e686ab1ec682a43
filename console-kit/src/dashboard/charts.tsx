import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { CURRENCIES, type DashboardDay } from '@market/shared';
import { useLocaleState, useTranslate } from 'react-admin';

/*
 * The dashboards' charts (MUI X Charts). This module is loaded on demand (`React.lazy`), so the
 * charting library stays out of the consoles' first load.
 */

const HEIGHT = 260;

/** Revenue per currency per day (in units of each currency) and orders per day. */
export function SalesCharts({ perDay }: { perDay: DashboardDay[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const days = perDay.map((d) => new Date(`${d.day}T00:00:00Z`));
  const dayLabel = (d: Date) =>
    d.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const xAxis = [{ data: days, scaleType: 'band' as const, valueFormatter: dayLabel }];
  return (
    <>
      <LineChart
        height={HEIGHT}
        xAxis={[{ data: days, scaleType: 'time', valueFormatter: dayLabel }]}
        series={CURRENCIES.map((c) => ({
          label: translate('app.dashboard.revenue_in', { currency: c.toUpperCase() }),
          data: perDay.map((d) => d.revenue[c] / 100),
          showMark: false,
        }))}
      />
      <BarChart
        height={HEIGHT}
        xAxis={xAxis}
        series={[
          { label: translate('app.dashboard.orders'), data: perDay.map((d) => d.orders) },
          { label: translate('app.dashboard.units'), data: perDay.map((d) => d.units) },
        ]}
      />
    </>
  );
}

/** Orders of the period by their status now, each bar labelled by the console. */
export function StatusChart({ counts }: { counts: { label: string; count: number }[] }) {
  const translate = useTranslate();
  return (
    <BarChart
      height={HEIGHT}
      layout="horizontal"
      yAxis={[
        {
          data: counts.map((c) => c.label),
          scaleType: 'band',
          width: 120,
        },
      ]}
      series={[{ label: translate('app.dashboard.orders'), data: counts.map((c) => c.count) }]}
    />
  );
}
